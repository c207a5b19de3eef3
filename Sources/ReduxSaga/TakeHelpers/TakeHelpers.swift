import ReduxCore

// Each helper takes an action type, a predicate (`where:`), or a channel; the forms differ only
// in their source (ActionPattern.swift). A predicate runs on the dispatching thread under the
// runtime's lock: keep it pure. Every helper is an attached fork with the cancellation and error
// rules of ``SagaContext/takeEvery(_:name:_:)``, and names its workers `"<name> worker"`.

extension SagaContext {
  /// Forks `worker` for every action of type `A`, concurrently, and returns the helper's task.
  ///
  /// The helper is a loop of `take` and `fork`, as in redux-saga, and never misses an action:
  /// each action resumes it inside its dispatch, and the worker it forks runs up to its first
  /// wait before the helper takes again, all before that dispatch returns. It is an attached
  /// fork: cancelling it (or this saga) cancels the running workers, and a worker's error
  /// aborts it and this saga. After ``END`` it stops and waits for its workers.
  @discardableResult
  public func takeEvery<A: Action>(
    _ type: A.Type, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    every(name ?? "takeEvery(\(A.self))", actions(.type(A.self)), worker)
  }

  /// Forks `worker` for every action that satisfies `predicate`.
  @discardableResult
  public func takeEvery(
    where predicate: @escaping @Sendable (any Action) -> Bool, name: String = "takeEvery(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    every(name, actions(.predicate(predicate)), worker)
  }

  /// Forks `worker` for every value taken from `channel`; ends when it is closed and drained.
  @discardableResult
  public func takeEvery<Element: Sendable>(
    channel: Channel<Element>, name: String = "takeEvery(channel)",
    _ worker: @escaping @Sendable (SagaContext<State>, Element) async throws -> Void
  ) -> SagaTask<Void> {
    every(name, values(of: channel), worker)
  }

  /// Forks `worker` for each action of type `A`, first cancelling the worker started for the
  /// previous one, so only the latest runs to completion.
  @discardableResult
  public func takeLatest<A: Action>(
    _ type: A.Type, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    takeLatest(type, by: { _ in true }, name: name ?? "takeLatest(\(A.self))", worker)
  }

  /// Like ``takeLatest(_:name:_:)``, per key: a new action cancels only the running worker
  /// whose action had the same key, so requests for different keys run side by side.
  ///
  /// ```swift
  /// saga.takeLatest(FetchUser.self, by: \.id) { saga, request in ... }
  /// ```
  @discardableResult
  public func takeLatest<A: Action, Key: Hashable & Sendable>(
    _ type: A.Type, by key: @escaping @Sendable (A) -> Key, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    onePerKey(
      name ?? "takeLatest(\(A.self), by:)", actions(.type(A.self)), cancelsRunning: true,
      key: key, worker)
  }

  /// Like ``takeLatest(_:name:_:)``, for the actions that satisfy `predicate`.
  @discardableResult
  public func takeLatest(
    where predicate: @escaping @Sendable (any Action) -> Bool,
    name: String = "takeLatest(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    onePerKey(
      name, actions(.predicate(predicate)), cancelsRunning: true, key: { _ in true }, worker)
  }

  /// Forks `worker` for an action of type `A` only when no worker of this helper is running;
  /// actions that arrive meanwhile are ignored.
  @discardableResult
  public func takeLeading<A: Action>(
    _ type: A.Type, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    takeLeading(type, by: { _ in true }, name: name ?? "takeLeading(\(A.self))", worker)
  }

  /// Like ``takeLeading(_:name:_:)``, per key: an action is ignored only while a worker for an
  /// action with the same key is running.
  @discardableResult
  public func takeLeading<A: Action, Key: Hashable & Sendable>(
    _ type: A.Type, by key: @escaping @Sendable (A) -> Key, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    onePerKey(
      name ?? "takeLeading(\(A.self), by:)", actions(.type(A.self)), cancelsRunning: false,
      key: key, worker)
  }

  /// Like ``takeLeading(_:name:_:)``, for the actions that satisfy `predicate`.
  @discardableResult
  public func takeLeading(
    where predicate: @escaping @Sendable (any Action) -> Bool,
    name: String = "takeLeading(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    onePerKey(
      name, actions(.predicate(predicate)), cancelsRunning: false, key: { _ in true }, worker)
  }

  /// Forks `worker` for an action of type `A`, then for `interval` (on the runtime's clock)
  /// keeps only the newest action that arrives, and forks the worker for it when the interval
  /// ends, which starts a new one. As in redux-saga, the actions wait in an action channel that
  /// keeps the newest.
  @discardableResult
  public func throttle<A: Action>(
    _ type: A.Type, for interval: Duration, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    throttle(name ?? "throttle(\(A.self))", .type(A.self), interval: interval, worker)
  }

  /// Like ``throttle(_:for:name:_:)``, for the actions that satisfy `predicate`.
  @discardableResult
  public func throttle(
    where predicate: @escaping @Sendable (any Action) -> Bool, for interval: Duration,
    name: String = "throttle(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    throttle(name, .predicate(predicate), interval: interval, worker)
  }

  /// Takes a value from `channel`, forks `worker` for it, waits `interval`, and takes the next
  /// (the channel's buffer decides what arrives meanwhile: `.sliding(1)` keeps the latest).
  @discardableResult
  public func throttle<Element: Sendable>(
    channel: Channel<Element>, for interval: Duration, name: String = "throttle(channel)",
    _ worker: @escaping @Sendable (SagaContext<State>, Element) async throws -> Void
  ) -> SagaTask<Void> {
    throttled(name, values(of: channel), interval: interval, worker)
  }

  private func throttle<Value: Sendable>(
    _ name: String, _ pattern: ActionPattern<Value>, interval: Duration,
    _ worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    let channel = actionChannel(buffer: .sliding(1), pattern.value)
    let task = throttled(name, values(of: channel), interval: interval, worker)
    task.node.onFinish { channel.close() }
    return task
  }

  /// Forks `worker` for an action of type `A` once no other such action has arrived for
  /// `interval` (on the runtime's clock); each new action restarts the wait and replaces the
  /// pending one. A running worker is not cancelled; after ``END`` no worker starts.
  @discardableResult
  public func debounce<A: Action>(
    _ type: A.Type, for interval: Duration, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    debounced(name ?? "debounce(\(A.self))", actions(.type(A.self)), interval: interval, worker)
  }

  /// Like ``debounce(_:for:name:_:)``, for the actions that satisfy `predicate`.
  @discardableResult
  public func debounce(
    where predicate: @escaping @Sendable (any Action) -> Bool, for interval: Duration,
    name: String = "debounce(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    debounced(name, actions(.predicate(predicate)), interval: interval, worker)
  }

  /// Like ``debounce(_:for:name:_:)``, for the values taken from `channel`; a pending value is
  /// dropped when the channel is closed and drained.
  @discardableResult
  public func debounce<Element: Sendable>(
    channel: Channel<Element>, for interval: Duration, name: String = "debounce(channel)",
    _ worker: @escaping @Sendable (SagaContext<State>, Element) async throws -> Void
  ) -> SagaTask<Void> {
    debounced(name, values(of: channel), interval: interval, worker)
  }
}
