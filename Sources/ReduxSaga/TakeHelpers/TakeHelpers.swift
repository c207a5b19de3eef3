import ReduxCore

/// What a take helper takes, and the value its worker gets for each: the actions of one type,
/// the actions that satisfy a predicate, or the values of a ``Channel``.
///
/// ```swift
/// saga.takeEvery(.type(Ping.self)) { saga, ping in ... }
/// saga.takeLatest(.where { $0 is Search }) { saga, action in ... }
/// saga.debounce(.channel(keystrokes), for: .milliseconds(300)) { saga, text in ... }
/// ```
public struct TakePattern<Value: Sendable>: Sendable {
  /// How the pattern reads in a helper's default name: the type, `where` or `channel`.
  let description: String
  let source: Source

  enum Source: Sendable {
    /// The actions `match` accepts, each turned into the worker's value by `value`.
    case actions(ActionMatch, value: @Sendable (any Action) -> Value?)
    case channel(Channel<Value>)
  }

  /// Every action of type `Value` the store reduces.
  public static func type(_ type: Value.Type) -> TakePattern where Value: Action {
    TakePattern(
      description: String(describing: Value.self),
      source: .actions(.of(Value.self), value: { $0.as(Value.self) }))
  }

  /// Every action that satisfies `predicate`. It runs on the dispatching thread under the
  /// runtime's lock: keep it pure.
  public static func `where`(_ predicate: @escaping @Sendable (any Action) -> Bool)
    -> TakePattern where Value == any Action
  {
    TakePattern(
      description: "where",
      source: .actions(.predicate("where", predicate), value: { predicate($0) ? $0 : nil }))
  }

  /// The values taken from `channel`; the helper ends once it is closed and drained.
  public static func channel(_ channel: Channel<Value>) -> TakePattern {
    TakePattern(description: "channel", source: .channel(channel))
  }
}

// Each helper is an attached fork that loops over take and fork, as redux-saga writes them
// (`takeEvery.js`, `takeLatest.js`...), and ends when its source ends (``END``, a closed
// channel). Workers are named `"<helper name> worker"`.

extension SagaContext {
  /// Forks `worker` for every value `pattern` takes, concurrently, and returns the helper's
  /// task.
  ///
  /// The helper never misses an action: each action resumes it inside its dispatch, and the
  /// worker it forks runs up to its first wait before the helper takes again, all before that
  /// dispatch returns. It is an attached fork: cancelling it (or this saga) cancels the running
  /// workers, and a worker's error aborts it and this saga. After ``END`` it stops and waits for
  /// its workers.
  @discardableResult
  public func takeEvery<Value: Sendable>(
    _ pattern: TakePattern<Value>, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    let name = name ?? "takeEvery(\(pattern.description))"
    return forkAttached(name) { helper in
      while let value = try await helper.next(pattern) {
        _ = helper.forkAttached("\(name) worker") { try await worker($0, value) }
      }
    }
  }

  /// Forks `worker` for each value `pattern` takes, first cancelling the worker started for
  /// the previous one, so only the latest runs to completion.
  @discardableResult
  public func takeLatest<Value: Sendable>(
    _ pattern: TakePattern<Value>, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    onePerKey(
      name ?? "takeLatest(\(pattern.description))", pattern, cancelsRunning: true,
      key: { _ in true }, worker)
  }

  /// Like ``takeLatest(_:name:_:)``, per key: a new value cancels only the running worker
  /// whose value had the same key, so requests for different keys run side by side.
  ///
  /// ```swift
  /// saga.takeLatest(.type(FetchUser.self), by: \.id) { saga, request in ... }
  /// ```
  @discardableResult
  public func takeLatest<Value: Sendable, Key: Hashable & Sendable>(
    _ pattern: TakePattern<Value>, by key: @escaping @Sendable (Value) -> Key,
    name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    onePerKey(
      name ?? "takeLatest(\(pattern.description), by:)", pattern, cancelsRunning: true, key: key,
      worker)
  }

  /// Forks `worker` for a value `pattern` takes only when no worker of this helper is running;
  /// values that arrive meanwhile are ignored.
  @discardableResult
  public func takeLeading<Value: Sendable>(
    _ pattern: TakePattern<Value>, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    onePerKey(
      name ?? "takeLeading(\(pattern.description))", pattern, cancelsRunning: false,
      key: { _ in true }, worker)
  }

  /// Like ``takeLeading(_:name:_:)``, per key: a value is ignored only while a worker for a
  /// value with the same key is running.
  @discardableResult
  public func takeLeading<Value: Sendable, Key: Hashable & Sendable>(
    _ pattern: TakePattern<Value>, by key: @escaping @Sendable (Value) -> Key,
    name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    onePerKey(
      name ?? "takeLeading(\(pattern.description), by:)", pattern, cancelsRunning: false,
      key: key, worker)
  }

  /// Forks `worker` for a value, then for `interval` (on the runtime's clock) keeps only the
  /// newest value that arrives, and forks the worker for it when the interval ends, which
  /// starts a new one. As in redux-saga, actions wait in an action channel that keeps the
  /// newest; over a ``Channel``, its own buffer decides what arrives meanwhile (`.sliding(1)`
  /// keeps the newest).
  @discardableResult
  public func throttle<Value: Sendable>(
    _ pattern: TakePattern<Value>, for interval: Duration, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    let name = name ?? "throttle(\(pattern.description))"
    var source = pattern
    var buffer: Channel<Value>?
    if case .actions(_, let value) = pattern.source {
      let channel = actionChannel(buffer: .sliding(1), value)
      buffer = channel
      source = .channel(channel)
    }
    let task = forkAttached(name) { [source] helper in
      while let value = try await helper.next(source) {
        _ = helper.forkAttached("\(name) worker") { try await worker($0, value) }
        try await helper.delay(interval)
      }
    }
    if let buffer { task.node.onFinish { buffer.close() } }
    return task
  }

  /// Forks `worker` for a value once no other has arrived for `interval` (on the runtime's
  /// clock); each new value restarts the wait and replaces the pending one. A running worker is
  /// not cancelled; once the source ends (after ``END``, or a closed and drained channel) the
  /// pending value is dropped and no worker starts.
  @discardableResult
  public func debounce<Value: Sendable>(
    _ pattern: TakePattern<Value>, for interval: Duration, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    let name = name ?? "debounce(\(pattern.description))"
    return forkAttached(name) { helper in
      var pending = try await helper.next(pattern)
      while let value = pending {
        let (elapsed, newer): (Void?, Value??) = try await helper.race(
          { try await helper.delay(interval) }, { try await helper.next(pattern) })
        if elapsed != nil {
          _ = helper.forkAttached("\(name) worker") { try await worker($0, value) }
          pending = try await helper.next(pattern)
        } else {
          pending = newer ?? nil
        }
      }
    }
  }

  /// `takeLatest` (`cancelsRunning`) and `takeLeading`: a worker per value, one running per
  /// key; a new value either cancels the running worker of its key or is ignored while it runs.
  private func onePerKey<Value: Sendable, Key: Hashable & Sendable>(
    _ name: String, _ pattern: TakePattern<Value>, cancelsRunning: Bool,
    key: @escaping @Sendable (Value) -> Key,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    forkAttached(name) { helper in
      var workers: [Key: SagaTask<Void>] = [:]
      while let value = try await helper.next(pattern) {
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

  /// The next value `pattern` takes, or nil once its source has ended: after ``END`` (which a
  /// ``SagaTest`` records as a wait END ended), or once the channel is closed and drained.
  private func next<Value: Sendable>(_ pattern: TakePattern<Value>) async throws -> Value? {
    switch pattern.source {
    case .actions(let match, let value):
      while let action = try await awaitAction(.take(match.pattern), match) {
        if let taken = value(action) { return taken }
      }
      return nil
    case .channel(let channel):
      return try await channel.takeMaybe()
    }
  }
}
