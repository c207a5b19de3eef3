import ReduxCore

extension SagaContext {
  /// What every take helper shares: an attached fork named `name` that watches for actions of
  /// type `A` and hands each, on the dispatching thread, to `onAction` with the helper's context
  /// and a function that forks `worker` for an action. Names are built here once, not per action.
  func actionHelper<A: Action>(
    _ type: A.Type, name: String,
    worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void,
    _ onAction:
      @escaping @Sendable (
        _ action: A, _ helper: SagaContext<State>,
        _ startWorker: @escaping @Sendable (A) -> SagaTask<Void>
      ) -> Void
  ) -> SagaTask<Void> {
    let workerName = "\(name) worker"
    return fork(name) { helper in
      let startWorker: @Sendable (A) -> SagaTask<Void> = { action in
        helper.fork(workerName) { try await worker($0, action) }
      }
      try await helper.watch({ $0.as(A.self) }) { action in
        onAction(action, helper, startWorker)
      }
    }
  }
}
