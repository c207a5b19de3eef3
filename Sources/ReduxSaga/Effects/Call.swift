import ReduxSeam

extension SagaContext {
  /// Calls an async function and returns its result.
  ///
  /// The name identifies the call in monitor events and lets ``SagaTest`` replace it with a
  /// stub. Cancelling the saga cancels the function's task.
  ///
  /// ```swift
  /// let user = try await saga.call("fetchUser") { try await api.user(id) }
  /// ```
  ///
  /// - Throws: What the function throws; `CancellationError` if the saga is already cancelled.
  public func call<Value: Sendable>(
    _ name: String = "call", _ function: @Sendable () async throws -> Value
  ) async throws -> Value {
    try await perform(.call(name)) {
      try await stubbed(name, argument: ()) { _ in try await function() }
    }
  }

  /// Calls an async function with an argument; a ``SagaTest`` stub for `name` receives it.
  ///
  /// ```swift
  /// let user = try await saga.call("fetchUser", with: id) { id in try await api.user(id) }
  /// ```
  public func call<Argument: Sendable, Value: Sendable>(
    _ name: String, with argument: Argument,
    _ function: @Sendable (Argument) async throws -> Value
  ) async throws -> Value {
    try await perform(.call(name)) {
      try await stubbed(name, argument: argument, function)
    }
  }

  /// Calls a function that reports its result through a completion callback, and waits for it
  /// (redux-saga's `cps`; the original's `Call` with an Either).
  ///
  /// ```swift
  /// let user = try await saga.cps("fetchUser") { complete in api.user(id, completion: complete) }
  /// ```
  ///
  /// Only the first call of `complete` counts. If the saga is cancelled first, `cps` throws
  /// `CancellationError` at once and a later completion is ignored (the work itself cannot be
  /// stopped through a callback).
  public func cps<Value: Sendable, Failure: Error>(
    _ name: String = "cps",
    _ start: @Sendable (_ complete: @escaping @Sendable (Result<Value, Failure>) -> Void) -> Void
  ) async throws -> Value {
    try await perform(.cps(name)) {
      try await stubbed(name, argument: ()) { _ in
        // Resumed by the first of the completion and a cancellation.
        let pending = Lock<CheckedContinuation<Value, any Error>?>(nil)
        let resume: @Sendable (Result<Value, any Error>) -> Void = { result in
          pending.withLock { $0.take() }?.resume(with: result)
        }
        return try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Value, any Error>) in
            pending.withLock { $0 = continuation }
            start { result in resume(result.mapError { $0 as any Error }) }
            if Task.isCancelled { resume(.failure(CancellationError())) }
          }
        } onCancel: {
          resume(.failure(CancellationError()))
        }
      }
    }
  }

  /// Waits for `duration` on the runtime's clock.
  ///
  /// - Throws: `CancellationError` if the saga is cancelled while waiting.
  public func delay(_ duration: Duration) async throws {
    let clock = runtime.clock
    try await perform(.delay(duration)) {
      try await clock.sleep(for: duration)
    }
  }

  /// Calls an async function up to `maxTries` times, waiting `delay` after each failure, and
  /// returns its first success.
  ///
  /// Cancellation is never retried. After the last try, the last error is thrown.
  ///
  /// - Parameters:
  ///   - name: The call's name, for the monitor and for ``SagaTest`` stubs.
  ///   - maxTries: How many times to call, at least 1.
  ///   - delay: How long to wait between tries, on the runtime's clock.
  ///   - function: The function to call.
  public func retry<Value: Sendable>(
    _ name: String = "retry", maxTries: Int, delay: Duration,
    _ function: @Sendable () async throws -> Value
  ) async throws -> Value {
    precondition(maxTries >= 1, "retry(maxTries:) needs at least 1 try.")
    var attempt = 1
    while true {
      do {
        return try await call(name, function)
      } catch let error where !(error is CancellationError) && attempt < maxTries {
        attempt += 1
        try await self.delay(delay)
      }
    }
  }
}
