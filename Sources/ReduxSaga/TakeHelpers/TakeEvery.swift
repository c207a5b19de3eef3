import ReduxCore

extension SagaContext {
  /// Forks `worker` for every action of type `A`, concurrently, and returns the helper's task.
  ///
  /// The helper is registered before `takeEvery` returns and never misses an action: it
  /// reacts on the dispatching thread, without waiting for the worker of the previous one. It
  /// is an attached fork: cancelling it (or this saga) cancels the running workers, and a
  /// worker's error aborts it and this saga. After ``END`` it stops and waits for its workers.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for each action.
  @discardableResult
  public func takeEvery<A: Action>(
    _ type: A.Type, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    actionHelper(type, name: name ?? "takeEvery(\(A.self))", worker: worker) {
      action, _, startWorker in
      _ = startWorker(action)
    }
  }
}
