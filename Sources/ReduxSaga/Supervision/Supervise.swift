extension SagaContext {
  /// Runs `saga` as a called child (see ``call(_:saga:)``) and starts it again when it fails,
  /// as `policy` allows: the recipe that keeps a watcher alive after a worker's error.
  ///
  /// An uncaught error in a worker aborts its helper and, through it, every saga above it (as
  /// in redux-saga). Supervising the helper contains the error: each failure that leads to a
  /// restart goes to the middleware's `onError` hook as a ``SagaError`` with the stack of the
  /// saga that threw; after waiting the policy's backoff on the runtime's clock, `saga` runs
  /// again from the start, with fresh forks.
  ///
  /// ```swift
  /// let policy = RestartPolicy(maxRestarts: 3, backoff: .seconds(1))
  /// try await saga.supervise("watchFetch", restarting: policy) { watcher in
  ///   _ = watcher.takeEvery(.type(FetchUser.self)) { worker, request in
  ///     try await fetchUser(worker, request)
  ///   }
  /// }
  /// ```
  ///
  /// At the edges:
  /// - the failure after the last restart is thrown here, unreported, as `call` would throw it:
  ///   uncaught, it aborts this saga and reaches `onError` once, as before;
  /// - cancellation is never restarted: cancelling this saga (also during a backoff) cancels
  ///   the child and throws `CancellationError`;
  /// - when `saga` returns (or ends after ``END``), its value is returned and nothing restarts.
  ///
  /// redux-saga has no such effect; its users write `while (true) { try { yield call(saga) }
  /// catch (e) { ... } }`.
  ///
  /// - Parameters:
  ///   - name: The child's name in saga stacks and monitor events (each run is a `call`).
  ///   - policy: How many restarts, and the backoff before each.
  ///   - saga: The saga to run and restart.
  /// - Throws: The failure after the last restart; `CancellationError` if cancelled.
  @discardableResult
  public func supervise<Value: Sendable>(
    _ name: String = "supervise", restarting policy: RestartPolicy,
    _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) async throws -> Value {
    var restarts = 0
    while true {
      let (result, child) = try await perform(.call(name)) {
        await runCalled(name, saga)
      }
      switch result {
      case .success(let value):
        return value
      case .failure(let error) where error is CancellationError || isCancelled:
        throw error
      case .failure(let error) where restarts < policy.maxRestarts:
        restarts += 1
        runtime.onError(SagaError(error: error, sagaStack: child.failureStack))
        let wait = policy.delay(beforeRestart: restarts)
        if wait > .zero { try await delay(wait) } else { try checkCancellation() }
      case .failure(let error):
        throw error
      }
    }
  }
}
