import ReduxCore

extension SagaContext {
  /// What every take helper shares: an attached fork named `name` that watches for actions
  /// `match` accepts and hands each, on the thread that delivers it, to `onAction` with its
  /// origin, the helper's context and a function that forks `worker` for a value on behalf of
  /// an origin. At END the helper stops watching, calls `onEnd`, and waits for its forks. Names
  /// are built here once, not per action.
  func actionHelper<Value: Sendable>(
    name: String, match: @escaping @Sendable (any Action) -> Value?,
    worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void,
    onEnd: (@Sendable () -> Void)? = nil,
    _ onAction:
      @escaping @Sendable (
        _ value: Value, _ origin: ActionOrigin, _ helper: SagaContext<State>,
        _ startWorker: @escaping @Sendable (Value, ActionOrigin) -> SagaTask<Void>
      ) -> Void
  ) -> SagaTask<Void> {
    let workerName = "\(name) worker"
    return fork(name, origin: node.currentOrigin, immediately: true) { helper in
      let startWorker: @Sendable (Value, ActionOrigin) -> SagaTask<Void> = { value, origin in
        helper.fork(workerName, origin: origin, immediately: false) { try await worker($0, value) }
      }
      try await helper.watch(match) { value, origin in
        onAction(value, origin, helper, startWorker)
      }
      onEnd?()
    }
  }
}
