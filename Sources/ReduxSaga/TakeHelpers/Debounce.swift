import ReduxCore
import ReduxSeam

extension SagaContext {
  /// Forks `worker` for an action of type `A` once no other such action has arrived for
  /// `interval`; each new action restarts the wait and replaces the pending one.
  ///
  /// A worker already running is not cancelled by later actions. Time is the runtime's clock.
  /// It is an attached fork with the same cancellation and error rules as
  /// ``takeEvery(_:name:_:)``.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - interval: How long the interval lasts, on the runtime's clock.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for an action.
  @discardableResult
  public func debounce<A: Action>(
    _ type: A.Type, for interval: Duration, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    debounce(
      name: name ?? "debounce(\(A.self))", for: interval, pattern: "\(A.self)",
      match: { $0.as(A.self) },
      worker: worker)
  }

  /// Like ``debounce(_:for:name:_:)``, for the actions that satisfy `predicate`.
  ///
  /// `predicate` runs on the dispatching thread under the runtime's lock: keep it pure.
  @discardableResult
  public func debounce(
    where predicate: @escaping @Sendable (any Action) -> Bool, for interval: Duration,
    name: String = "debounce(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    debounce(
      name: name, for: interval, pattern: "where", match: { predicate($0) ? $0 : nil },
      worker: worker)
  }

  /// Debounces the values taken from `channel`, as redux-saga's
  /// `debounce(ms, channel, worker)`: forks `worker` for a value once no newer value has
  /// arrived for `interval`. When the channel is closed and drained, a pending value is dropped
  /// and the helper ends.
  @discardableResult
  public func debounce<Element: Sendable>(
    channel: Channel<Element>, for interval: Duration, name: String = "debounce(channel)",
    _ worker: @escaping @Sendable (SagaContext<State>, Element) async throws -> Void
  ) -> SagaTask<Void> {
    let workerName = "\(name) worker"
    return fork(name, origin: node.currentOrigin, immediately: true) { helper in
      guard var pending = try await channel.takeMaybe() else { return }
      while true {
        let (elapsed, newer): (Void?, Element??) = try await helper.race(
          { try await helper.delay(interval) }, { try await channel.takeMaybe() })
        if elapsed != nil {
          let value = pending
          _ = helper.fork(workerName, origin: helper.node.currentOrigin, immediately: false) {
            try await worker($0, value)
          }
          guard let next = try await channel.takeMaybe() else { return }
          pending = next
        } else if let newer, let newer {
          pending = newer
        } else {
          return
        }
      }
    }
  }

  func debounce<A: Sendable>(
    name: String, for interval: Duration, pattern: String,
    match: @escaping @Sendable (any Action) -> A?,
    worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    let timerName = "\(name) timer"
    let pending = DebounceTimer()
    // At END the pending timer is cancelled: no worker starts after END, as in redux-saga.
    let cancelPending: @Sendable () -> Void = { pending.replace()?.node.cancel() }
    return actionHelper(
      name: name, pattern: pattern, match: match, worker: worker, onEnd: cancelPending
    ) { action, origin, helper, startWorker in
      let generation = pending.nextGeneration()
      let timer = helper.fork(timerName, origin: origin, immediately: false) { timer in
        try await timer.delay(interval)
        if pending.fire(generation) { _ = startWorker(action, origin) }
      }
      pending.keep(timer, for: generation)
    }
  }
}

/// The timer of the newest action, for `debounce`: each action starts a new generation and
/// cancels the timer of the one before, so only the newest action's timer starts a worker.
private final class DebounceTimer: Sendable {
  private let state = Lock<(generation: Int, timer: SagaTask<Void>?)>((0, nil))

  /// Starts a new generation and cancels the pending timer; returns the new generation.
  func nextGeneration() -> Int {
    let (generation, previous) = state.withLock { state in
      state.generation += 1
      return (state.generation, state.timer)
    }
    previous?.node.cancel()
    return generation
  }

  /// Keeps `timer` as the pending one, unless a newer action came while it was forked.
  func keep(_ timer: SagaTask<Void>, for generation: Int) {
    state.withLock { state in
      if state.generation == generation { state.timer = timer }
    }
  }

  /// Whether the timer of `generation` may start its worker: it is still the newest.
  func fire(_ generation: Int) -> Bool {
    state.withLock { state in
      guard state.generation == generation else { return false }
      state.timer = nil
      return true
    }
  }

  /// Starts a new generation with no timer; returns the timer that was pending.
  func replace() -> SagaTask<Void>? {
    state.withLock { state in
      state.generation += 1
      defer { state.timer = nil }
      return state.timer
    }
  }
}
