import ReduxCore

extension SagaContext {
  /// Forks `worker` for every action of type `A`, concurrently, and returns the helper's task.
  ///
  /// The helper is registered before `takeEvery` returns and never misses an action: each
  /// action forks a worker inside its dispatch, without waiting for the worker of the previous
  /// one; the worker runs up to its first wait before that dispatch returns. It is an attached
  /// fork: cancelling it (or this saga) cancels the running workers, and a worker's error aborts
  /// it and this saga. After ``END`` it stops and waits for its workers.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for each action.
  @discardableResult
  public func takeEvery<A: Action>(
    _ type: A.Type, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    takeEvery(
      name: name ?? "takeEvery(\(A.self))", pattern: "\(A.self)", match: { $0.as(A.self) },
      worker: worker)
  }

  /// Forks `worker` for every action that satisfies `predicate`; see
  /// ``takeEvery(_:name:_:)``.
  ///
  /// `predicate` runs on the dispatching thread under the runtime's lock: keep it pure.
  @discardableResult
  public func takeEvery(
    where predicate: @escaping @Sendable (any Action) -> Bool, name: String = "takeEvery(where)",
    _ worker: @escaping @Sendable (SagaContext<State>, any Action) async throws -> Void
  ) -> SagaTask<Void> {
    takeEvery(name: name, pattern: "where", match: { predicate($0) ? $0 : nil }, worker: worker)
  }

  /// Forks `worker` for every value taken from `channel`, as ``takeEvery(_:name:_:)`` does for
  /// actions; it ends when the channel is closed and drained.
  @discardableResult
  public func takeEvery<Element: Sendable>(
    channel: Channel<Element>, name: String = "takeEvery(channel)",
    _ worker: @escaping @Sendable (SagaContext<State>, Element) async throws -> Void
  ) -> SagaTask<Void> {
    channelHelper(channel, name: name, worker: worker) { _ in }
  }

  /// What the channel helpers share: an attached fork named `name` that takes each value from
  /// `channel`, forks `worker` for it, then runs `afterFork` (a throttle's wait), until the
  /// channel is closed and drained.
  func channelHelper<Element: Sendable>(
    _ channel: Channel<Element>, name: String,
    worker: @escaping @Sendable (SagaContext<State>, Element) async throws -> Void,
    afterFork: @escaping @Sendable (SagaContext<State>) async throws -> Void
  ) -> SagaTask<Void> {
    let workerName = "\(name) worker"
    return fork(name, origin: node.currentOrigin, immediately: true) { helper in
      while let element = try await channel.takeMaybe() {
        _ = helper.fork(workerName, origin: helper.node.currentOrigin, immediately: false) {
          try await worker($0, element)
        }
        try await afterFork(helper)
      }
    }
  }

  func takeEvery<Value: Sendable>(
    name: String, pattern: String, match: @escaping @Sendable (any Action) -> Value?,
    worker: @escaping @Sendable (SagaContext<State>, Value) async throws -> Void
  ) -> SagaTask<Void> {
    actionHelper(name: name, pattern: pattern, match: match, worker: worker) {
      value, origin, _, startWorker in
      _ = startWorker(value, origin)
    }
  }
}
