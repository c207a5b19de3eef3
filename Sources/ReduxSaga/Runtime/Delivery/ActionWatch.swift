import ReduxCore
import ReduxSeam

extension SagaContext {
  /// Registers a persistent watcher that calls `onAction` for each match (on the thread that
  /// delivers the action, with its origin), and waits until END (returns) or cancellation
  /// (throws). `pattern` names the actions matched, for a test's list of waiting sagas.
  func watch<Value: Sendable>(
    _ pattern: String, _ match: @escaping @Sendable (any Action) -> Value?,
    _ onAction: @escaping @Sendable (Value, ActionOrigin) -> Void
  ) async throws {
    try checkCancellation()
    let hub = runtime.hub
    let id = hub.makeID()
    let waiting = OneShotContinuation<Void>()
    node.waitingForAction()
    defer { node.resumed() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        waiting.set(continuation)
        let watcher = Watcher(
          id: id, waiter: node, pattern: pattern,
          offer: { action in
            guard let value = match(action) else { return nil }
            return { origin in onAction(value, origin) }
          },
          end: { waiting.resume(with: .success(())) })
        guard hub.add(watcher) else {
          waiting.resume(with: .success(()))
          return
        }
        if Task.isCancelled, hub.remove(id) != nil {
          waiting.resume(with: .failure(CancellationError()))
        }
      }
    } onCancel: {
      if hub.remove(id) != nil { waiting.resume(with: .failure(CancellationError())) }
    }
  }
}
