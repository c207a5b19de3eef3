import ReduxCore
import ReduxSeam

extension SagaContext {
  /// Forks `worker` for each action of type `A`, first cancelling the worker started for the
  /// previous one, so only the latest runs to completion.
  ///
  /// Reacts on the dispatching thread and never misses an action. It is an attached fork with
  /// the same cancellation and error rules as ``takeEvery(_:name:_:)``.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for each action.
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
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - key: Picks the key from an action; runs on the dispatching thread, keep it pure.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for each action.
  @discardableResult
  public func takeLatest<A: Action, Key: Hashable & Sendable>(
    _ type: A.Type, by key: @escaping @Sendable (A) -> Key, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    takeLatest(
      name: name ?? "takeLatest(\(A.self), by:)", pattern: "\(A.self)", match: { $0.as(A.self) },
      key: key,
      worker: worker)
  }

  /// Like ``takeLatest(_:name:_:)``, for the actions that satisfy `predicate`.
  ///
  /// `predicate` runs on the dispatching thread under the runtime's lock: keep it pure.
  @discardableResult
  public func takeLatest(
    where predicate: @escaping @Sendable (any Action) -> Bool,
    name: String = "takeLatest(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    takeLatest(
      name: name, pattern: "where", match: { predicate($0) ? $0 : nil }, key: { _ in true },
      worker: worker)
  }

  func takeLatest<Value: Sendable, Key: Hashable & Sendable>(
    name: String, pattern: String, match: @escaping @Sendable (any Action) -> Value?,
    key: @escaping @Sendable (Value) -> Key,
    worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    let latest = LatestWorkers<Key>()
    return actionHelper(name: name, pattern: pattern, match: match, worker: worker) {
      action, origin, _, startWorker in
      let id = key(action)
      latest[id]?.node.cancel()
      let task = startWorker(action, origin)
      latest[id] = task
      task.node.onFinish { latest.finished(task, for: id) }
    }
  }
}

/// The worker of each key that is running, or was started last, for `takeLatest`.
private final class LatestWorkers<Key: Hashable & Sendable>: Sendable {
  // A LockedValue, not a Lock, since its type depends on Key (see LockedValue).
  private let workers = LockedValue<[Key: SagaTask<Void>]>([:])

  subscript(key: Key) -> SagaTask<Void>? {
    get { workers.withLock { $0[key] } }
    set { workers.withLock { $0[key] = newValue } }
  }

  /// Forgets `task` once it has finished, unless a newer worker replaced it.
  func finished(_ task: SagaTask<Void>, for key: Key) {
    workers.withLock { workers in
      if workers[key]?.node === task.node { workers[key] = nil }
    }
  }
}
