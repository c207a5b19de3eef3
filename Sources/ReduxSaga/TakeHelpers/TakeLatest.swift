import ReduxCore

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
    let name = name ?? "takeLatest(\(A.self))"
    return fork(name) { helper in
      let latest = Protected<SagaTask<Void>?>(nil)
      try await helper.watch({ $0.as(A.self) }) { action in
        latest.withLock { $0 }?.cancel()
        let task = helper.fork("\(name) worker") { try await worker($0, action) }
        latest.withLock { $0 = task }
      }
    }
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
    let name = name ?? "takeLatest(\(A.self), by:)"
    return fork(name) { helper in
      let latest = Protected<[Key: SagaTask<Void>]>([:])
      try await helper.watch({ $0.as(A.self) }) { action in
        let id = key(action)
        latest.withLock { $0[id] }?.cancel()
        let task = helper.fork("\(name) worker") { try await worker($0, action) }
        latest.withLock { $0[id] = task }
        task.node.onFinish {
          latest.withLock { tasks in
            if tasks[id]?.node === task.node { tasks[id] = nil }
          }
        }
      }
    }
  }
}
