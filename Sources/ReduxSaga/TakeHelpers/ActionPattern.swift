import ReduxCore
import ReduxSeam

// The take helpers are loops of take and fork, as redux-saga writes them (`takeEvery.js`,
// `takeLatest.js`...): each is an attached fork that takes from its source (actions, or a
// channel), forks a worker, and ends when the source ends (``END``, a closed channel). Each
// public overload (an action type, a predicate, a channel) only builds the source.

/// Which actions a helper takes, and the value its worker gets for each.
struct ActionPattern<Value: Sendable>: Sendable {
  let match: ActionMatch
  let value: @Sendable (any Action) -> Value?

  static func type<A: Action>(_ type: A.Type) -> ActionPattern<A> {
    ActionPattern<A>(match: .of(A.self), value: { $0.as(A.self) })
  }

  static func predicate(_ predicate: @escaping @Sendable (any Action) -> Bool)
    -> ActionPattern<any Action>
  {
    ActionPattern<any Action>(
      match: .predicate("where", predicate), value: { predicate($0) ? $0 : nil })
  }
}

/// Where a helper's values come from: the next one, or nil once the source has ended.
typealias HelperSource<State: Sendable, Value: Sendable> =
  @Sendable (_ helper: SagaContext<State>) async throws -> Value?

extension SagaContext {
  /// A source that takes the next action `pattern` matches; nil after END, which a
  /// ``SagaTest`` records as a wait END ended.
  func actions<Value: Sendable>(_ pattern: ActionPattern<Value>) -> HelperSource<State, Value> {
    { helper in
      let match = pattern.match
      while let action = try await helper.awaitAction(.take(match.pattern), match) {
        if let value = pattern.value(action) { return value }
      }
      return nil
    }
  }

  /// A source that takes the next value of `channel`; nil once it is closed and drained.
  func values<Element: Sendable>(of channel: Channel<Element>) -> HelperSource<State, Element> {
    { _ in try await channel.takeMaybe() }
  }

  /// `takeEvery`: forks a worker for every value.
  func every<Value: Sendable>(
    _ name: String, _ source: @escaping HelperSource<State, Value>,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    forkAttached(name) { helper in
      while let value = try await source(helper) {
        _ = helper.forkAttached("\(name) worker") { try await worker($0, value) }
      }
    }
  }

  /// `takeLatest` (`cancelsRunning`) and `takeLeading`: a worker per value, one running per
  /// key; a new value either cancels the running worker of its key or is ignored while it runs.
  func onePerKey<Value: Sendable, Key: Hashable & Sendable>(
    _ name: String, _ source: @escaping HelperSource<State, Value>, cancelsRunning: Bool,
    key: @escaping @Sendable (Value) -> Key,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    forkAttached(name) { helper in
      var workers: [Key: SagaTask<Void>] = [:]
      while let value = try await source(helper) {
        let id = key(value)
        if let running = workers[id], running.isRunning {
          guard cancelsRunning else { continue }
          running.node.cancel()
        }
        // The finished workers of other keys go, now and then.
        if workers.count >= 64 { workers = workers.filter { $0.value.isRunning } }
        workers[id] = helper.forkAttached("\(name) worker") { try await worker($0, value) }
      }
    }
  }

  /// `throttle`: forks a worker for a value, then waits `interval` before taking the next (the
  /// source decides what it keeps meanwhile).
  func throttled<Value: Sendable>(
    _ name: String, _ source: @escaping HelperSource<State, Value>, interval: Duration,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    forkAttached(name) { helper in
      while let value = try await source(helper) {
        _ = helper.forkAttached("\(name) worker") { try await worker($0, value) }
        try await helper.delay(interval)
      }
    }
  }

  /// `debounce`: forks a worker for a value once no newer one has come for `interval`; a
  /// pending value is dropped when the source ends.
  func debounced<Value: Sendable>(
    _ name: String, _ source: @escaping HelperSource<State, Value>, interval: Duration,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    forkAttached(name) { helper in
      var pending = try await source(helper)
      while let value = pending {
        let (elapsed, newer): (Void?, Value??) = try await helper.race(
          { try await helper.delay(interval) }, { try await source(helper) })
        if elapsed != nil {
          _ = helper.forkAttached("\(name) worker") { try await worker($0, value) }
          pending = try await source(helper)
        } else {
          pending = newer ?? nil
        }
      }
    }
  }
}
