import ReduxCore

extension SagaContext {
  /// Starts an attached saga, runs it up to its first wait, and returns its handle.
  ///
  /// Attached means, as in redux-saga: this saga finishes only after the fork has finished;
  /// cancelling this saga cancels the fork; and an error in the fork aborts this saga (the
  /// effect it is blocked on is cancelled), cancels its other forks, and becomes this saga's
  /// error. A fork started by a cancelled saga starts cancelled.
  ///
  /// The fork runs before `fork` returns, up to its first wait, as in redux-saga: its first
  /// `take` is registered. If it fails before that wait, this saga stops at the fork: `fork`
  /// throws the fork's error, this saga is aborted (its next wait throws), and it fails with
  /// that error.
  ///
  /// - Parameters:
  ///   - name: The fork's name in saga stacks and monitor events.
  ///   - saga: The fork's body, run on a new task.
  /// - Throws: The fork's error, when it fails before its first wait.
  @discardableResult
  public func fork<Value: Sendable>(
    _ name: String = "fork",
    _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) throws -> SagaTask<Value> {
    let effectID = node.effectStarted(.fork(name))
    let task = forkAttached(name, saga)
    if let effectID { node.effectEnded(effectID, .fork(name), .resolved) }
    if task.node.isFinished, let error = node.withState({ $0.abort?.error }) { throw error }
    return task
  }

  /// Starts a detached saga, runs it up to its first wait, and returns its handle.
  ///
  /// The spawned saga is independent: this saga does not wait for it, cancelling this saga does
  /// not cancel it, and its error goes to the `onError` hook instead of aborting this saga. It
  /// is still cancelled when the store is released.
  @discardableResult
  public func spawn<Value: Sendable>(
    _ name: String = "spawn",
    _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let effectID = node.effectStarted(.spawn(name))
    let task = runtime.start(
      SagaNode(name: name, above: node, core: node.core), origin: node.currentOrigin, saga)
    if let effectID { node.effectEnded(effectID, .spawn(name), .resolved) }
    return task
  }

  /// Waits for a saga and its attached forks to finish, and returns its value.
  ///
  /// - Throws: The saga's error; `CancellationError` if the joined saga was cancelled, or if
  ///   this saga is cancelled while waiting (the joined saga keeps running unless it is one of
  ///   this saga's forks).
  nonisolated(nonsending) public func join<Value: Sendable>(_ task: SagaTask<Value>) async throws
    -> Value
  {
    try await perform(.join(task.name)) {
      try await task.value
    }
  }

  /// Cancels a saga and, recursively, its attached forks. Does nothing if it has finished.
  ///
  /// The cancelled saga's cleanup runs first, then its forks' in the order they were forked,
  /// each up to its next wait, after this saga's next wait.
  public func cancel<Value: Sendable>(_ task: SagaTask<Value>) {
    let effectID = node.effectStarted(.cancel(task.name))
    task.cancel()
    if let effectID { node.effectEnded(effectID, .cancel(task.name), .resolved) }
  }

  /// Cancels several sagas at once (redux-saga's `cancel([...tasks])`), in the order given.
  ///
  /// ```swift
  /// saga.cancel(poller, uploader, watcher)
  /// ```
  public func cancel<First: Sendable, each Value: Sendable>(
    _ first: SagaTask<First>, _ others: repeat SagaTask<each Value>
  ) {
    cancel(first)
    for task in repeat each others { cancel(task) }
  }

  /// Calls a saga as a child with its own fork scope (redux-saga's `call(saga)`) and returns
  /// its value once it and its attached forks have finished.
  ///
  /// Unlike a fork, the child's error, or the error of one of its forks, is thrown here, where
  /// this saga can catch it; it does not abort this saga. Cancelling this saga cancels the
  /// child. The child runs at once, up to its first wait.
  ///
  /// ```swift
  /// let user = try await saga.call("loadUser", saga: loadUser)
  /// ```
  ///
  /// - Throws: The child's error; `CancellationError` if either is cancelled.
  public func call<Value: Sendable>(
    _ name: String = "call", saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) async throws -> Value {
    try await perform(.call(name)) {
      try await runCalled(name, saga).0.get()
    }
  }

  /// Cancels this saga: its next waiting effect throws `CancellationError`, and its forks are
  /// cancelled.
  public func cancel() {
    let effectID = node.effectStarted(.cancel(node.name))
    node.cancel()
    if let effectID { node.effectEnded(effectID, .cancel(node.name), .resolved) }
  }
}
