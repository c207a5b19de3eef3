import ReduxCore
import ReduxSeam

extension SagaContext {
  /// Forks `worker` for an action of type `A` only when no worker of this helper is running;
  /// actions that arrive meanwhile are ignored.
  ///
  /// It is an attached fork with the same cancellation and error rules as
  /// ``takeEvery(_:name:_:)``.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for each action.
  @discardableResult
  public func takeLeading<A: Action>(
    _ type: A.Type, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    takeLeading(type, by: { _ in true }, name: name ?? "takeLeading(\(A.self))", worker)
  }

  /// Like ``takeLeading(_:name:_:)``, per key: an action is ignored only while a worker for an
  /// action with the same key is running.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - key: Picks the key from an action; runs on the dispatching thread, keep it pure.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for each action.
  @discardableResult
  public func takeLeading<A: Action, Key: Hashable & Sendable>(
    _ type: A.Type, by key: @escaping @Sendable (A) -> Key, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    takeLeading(
      name: name ?? "takeLeading(\(A.self), by:)", pattern: "\(A.self)", match: { $0.as(A.self) },
      key: key,
      worker: worker)
  }

  /// Like ``takeLeading(_:name:_:)``, for the actions that satisfy `predicate`.
  ///
  /// `predicate` runs on the dispatching thread under the runtime's lock: keep it pure.
  @discardableResult
  public func takeLeading(
    where predicate: @escaping @Sendable (any Action) -> Bool,
    name: String = "takeLeading(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    takeLeading(
      name: name, pattern: "where", match: { predicate($0) ? $0 : nil }, key: { _ in true },
      worker: worker)
  }

  func takeLeading<Value: Sendable, Key: Hashable & Sendable>(
    name: String, pattern: String, match: @escaping @Sendable (any Action) -> Value?,
    key: @escaping @Sendable (Value) -> Key,
    worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    let running = LeadingWorkers<Key>()
    return actionHelper(name: name, pattern: pattern, match: match, worker: worker) {
      action, origin, _, startWorker in
      let id = key(action)
      guard running.start(id) else { return }
      startWorker(action, origin).node.onFinish { running.finished(id) }
    }
  }
}

/// The keys whose worker is running, for `takeLeading`.
private final class LeadingWorkers<Key: Hashable & Sendable>: Sendable {
  // A LockedValue, not a Lock, since its type depends on Key (see LockedValue).
  private let running = LockedValue<Set<Key>>([])

  /// Marks the worker of `key` as running; `false` if one already runs.
  func start(_ key: Key) -> Bool {
    running.withLock { $0.insert(key).inserted }
  }

  func finished(_ key: Key) {
    _ = running.withLock { $0.remove(key) }
  }
}
