extension SagaContext {
  /// Runs branches concurrently and returns every branch's result or error, in branch order;
  /// an error does not cancel the other branches.
  ///
  /// redux-saga has no such effect; its users wrap each branch of `all` in `try`/`catch`.
  ///
  /// ```swift
  /// let results = try await saga.allSettled(
  ///   of: { try await saga.call("profile") { try await api.profile(id) } },
  ///   { try await saga.call("avatar") { try await api.avatar(id) } })
  /// for case .failure(let error) in results { log(error) }
  /// ```
  ///
  /// - Throws: `CancellationError` if this saga is cancelled; the branches are cancelled and
  ///   awaited first.
  public func allSettled<Value: Sendable>(
    of branches: @Sendable () async throws -> Value...
  ) async throws -> [Result<Value, any Error>] {
    try await allSettled(of: branches)
  }

  /// Runs a list of branches built at run time together; see `allSettled(of:)`.
  ///
  /// An empty list returns at once with no results.
  public func allSettled<Value: Sendable>(
    of branches: [@Sendable () async throws -> Value]
  ) async throws -> [Result<Value, any Error>] {
    try await perform(.all(branches.count)) {
      guard !branches.isEmpty else { return [] }
      let settled = branches.map { branch in
        { @Sendable () async -> Result<Value, any Error> in
          do {
            return .success(try await branch())
          } catch {
            return .failure(error)
          }
        }
      }
      let results = try await runBranches(settled, isRace: false)
      // A branch stopped by this saga's cancellation settled with CancellationError: the
      // saga itself throws it.
      try checkCancellation()
      return results
    }
  }
}
