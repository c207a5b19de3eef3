import ReduxCore

extension SagaContext {
  /// Forks `worker` for an action of type `A`, then for `interval` keeps only the newest action
  /// that arrives, and forks the worker for it when the interval ends (which starts a new
  /// interval).
  ///
  /// So the worker runs at most once per interval, for the first action and then the latest
  /// one. Time is the runtime's clock. It is an attached fork with the same cancellation and
  /// error rules as ``takeEvery(_:name:_:)``.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - interval: How long the interval lasts, on the runtime's clock.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for an action.
  @discardableResult
  public func throttle<A: Action>(
    _ type: A.Type, for interval: Duration, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    let name = name ?? "throttle(\(A.self))"
    let windowName = "\(name) window"
    let window = Protected(ThrottleWindow<A>())
    return actionHelper(name: name, match: { $0.as(A.self) }, worker: worker) {
      action, origin, helper, startWorker in
      // Runs the worker and opens a window; when it closes, the trailing action (if any)
      // starts the next one.
      @Sendable func start(_ action: A, _ origin: ActionOrigin) {
        _ = startWorker(action, origin)
        _ = helper.fork(windowName, origin: origin, immediately: false) { timer in
          try await timer.delay(interval)
          let next: (A, ActionOrigin)? = window.withLock { window in
            defer { window.trailing = nil }
            if window.trailing == nil { window.isOpen = false }
            return window.trailing
          }
          if let next { start(next.0, next.1) }
        }
      }
      let isFirst = window.withLock { window in
        if window.isOpen { window.trailing = (action, origin) }
        defer { window.isOpen = true }
        return !window.isOpen
      }
      if isFirst { start(action, origin) }
    }
  }
}

private struct ThrottleWindow<A: Sendable>: Sendable {
  var isOpen = false
  var trailing: (A, ActionOrigin)?
}
