import ReduxCore
import ReduxSeam

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
    throttle(
      name: name ?? "throttle(\(A.self))", for: interval, pattern: "\(A.self)",
      match: { $0.as(A.self) },
      worker: worker)
  }

  /// Like ``throttle(_:for:name:_:)``, for the actions that satisfy `predicate`.
  ///
  /// `predicate` runs on the dispatching thread under the runtime's lock: keep it pure.
  @discardableResult
  public func throttle(
    where predicate: @escaping @Sendable (any Action) -> Bool, for interval: Duration,
    name: String = "throttle(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    throttle(
      name: name, for: interval, pattern: "where", match: { predicate($0) ? $0 : nil },
      worker: worker)
  }

  /// Throttles the values taken from `channel`, as redux-saga's `throttle(ms, channel, worker)`:
  /// takes a value, forks `worker` for it, waits `interval`, and takes the next (the channel's
  /// buffer decides what arrives meanwhile: `.sliding(1)` keeps the latest). Ends when the
  /// channel is closed and drained.
  @discardableResult
  public func throttle<Element: Sendable>(
    channel: Channel<Element>, for interval: Duration, name: String = "throttle(channel)",
    _ worker: @escaping @Sendable (SagaContext<State>, Element) async throws -> Void
  ) -> SagaTask<Void> {
    channelHelper(channel, name: name, worker: worker) { helper in
      try await helper.delay(interval)
    }
  }

  func throttle<A: Sendable>(
    name: String, for interval: Duration, pattern: String,
    match: @escaping @Sendable (any Action) -> A?,
    worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    let windowName = "\(name) window"
    let window = ThrottleWindow<A>()
    return actionHelper(name: name, pattern: pattern, match: match, worker: worker) {
      action, origin, helper, startWorker in
      // Runs the worker and opens a window; when it closes, the trailing action (if any)
      // starts the next one.
      @Sendable func start(_ action: A, _ origin: ActionOrigin) {
        _ = startWorker(action, origin)
        _ = helper.fork(windowName, origin: origin, immediately: false) { timer in
          try await timer.delay(interval)
          if let next = window.close() { start(next.0, next.1) }
        }
      }
      if window.open(action, origin) { start(action, origin) }
    }
  }
}

/// A throttle's interval: whether one is open, and the newest action that came during it.
private final class ThrottleWindow<A: Sendable>: Sendable {
  private let state = Lock<(isOpen: Bool, trailing: (A, ActionOrigin)?)>((false, nil))

  /// Opens the window for `action`, returning `true`; if one is open, keeps `action` as its
  /// trailing action instead and returns `false`.
  func open(_ action: A, _ origin: ActionOrigin) -> Bool {
    state.withLock { state in
      if state.isOpen { state.trailing = (action, origin) }
      defer { state.isOpen = true }
      return !state.isOpen
    }
  }

  /// Ends the interval: returns the trailing action, which opens the next one, or closes the
  /// window if there is none.
  func close() -> (A, ActionOrigin)? {
    state.withLock { state in
      defer { state.trailing = nil }
      if state.trailing == nil { state.isOpen = false }
      return state.trailing
    }
  }
}
