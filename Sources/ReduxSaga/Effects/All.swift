extension SagaContext {
  /// Runs branches concurrently and returns all their results, in branch order.
  ///
  /// Each branch runs up to its first wait, in order, before the next starts. Fails fast: the
  /// first error cancels the other branches and is thrown once they have stopped.
  public func all<Value: Sendable>(
    of branches: @Sendable () async throws -> Value...
  ) async throws -> [Value] {
    try await all(of: branches)
  }

  /// Runs a list of branches built at run time together; see `all(of:)`.
  ///
  /// Branches start in order, each up to its first wait, before this saga goes on (as in
  /// redux-saga): a branch's first `take` is registered, and a saga it calls has run up to
  /// its own first wait, before the next branch starts.
  ///
  /// - Throws: The first error; the other branches are cancelled first.
  public func all<Value: Sendable>(
    of branches: [@Sendable () async throws -> Value]
  ) async throws -> [Value] {
    try await perform(.all(branches.count)) {
      guard !branches.isEmpty else { return [] }
      return try await runBranches(branches, isRace: false)
    }
  }

  /// Runs two branches of different types concurrently and returns both results; fails fast.
  public func all<A: Sendable, B: Sendable>(
    _ first: @escaping @Sendable () async throws -> A,
    _ second: @escaping @Sendable () async throws -> B
  ) async throws -> (A, B) {
    let branches: [@Sendable () async throws -> Either3<A, B, Never>] = [
      { .first(try await first()) }, { .second(try await second()) },
    ]
    let results = try await all(of: branches)
    guard let a = results[0].first, let b = results[1].second else { throw CancellationError() }
    return (a, b)
  }

  /// Runs three branches of different types concurrently and returns all results; fails fast.
  public func all<A: Sendable, B: Sendable, C: Sendable>(
    _ first: @escaping @Sendable () async throws -> A,
    _ second: @escaping @Sendable () async throws -> B,
    _ third: @escaping @Sendable () async throws -> C
  ) async throws -> (A, B, C) {
    let branches: [@Sendable () async throws -> Either3<A, B, C>] = [
      { .first(try await first()) }, { .second(try await second()) },
      { .third(try await third()) },
    ]
    let results = try await all(of: branches)
    guard let a = results[0].first, let b = results[1].second, let c = results[2].third else {
      throw CancellationError()
    }
    return (a, b, c)
  }
}
