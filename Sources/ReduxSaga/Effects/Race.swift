extension SagaContext {
  /// Runs branches concurrently and returns the result of the first to finish; the others are
  /// cancelled (and awaited) before `race` returns.
  ///
  /// Branches usually run effects of this context; give them a common result type, such as an
  /// enum, to race different effects:
  ///
  /// ```swift
  /// enum Outcome { case user(User), cancelled }
  /// let outcome: Outcome = try await saga.race(
  ///   among: { .user(try await saga.call("fetchUser") { try await api.user(id) }) },
  ///   { _ = try await saga.take(CancelFetch.self); return .cancelled })
  /// ```
  ///
  /// - Throws: The error of the first branch to finish, if it failed.
  public func race<Value: Sendable>(
    among branches: @Sendable () async throws -> Value...
  ) async throws -> Value {
    try await race(among: branches)
  }

  /// Races a list of branches built at run time; see `race(among:)`.
  ///
  /// Branches start in order, each up to its first wait. The first to finish wins and the
  /// others are withdrawn at once, before any of them can take another action or channel
  /// message (a branch that has not started yet never runs).
  ///
  /// - Throws: The error of the first branch to finish, if it failed.
  public func race<Value: Sendable>(
    among branches: [@Sendable () async throws -> Value]
  ) async throws -> Value {
    precondition(!branches.isEmpty, "race needs at least one branch.")
    return try await perform(.race(branches.count)) {
      try await runBranches(branches, isRace: true)[0]
    }
  }

  /// Races two branches of different types; the winner's slot holds its value, the other is
  /// `nil`.
  ///
  /// ```swift
  /// let (user, cancel) = try await saga.race(
  ///   { try await saga.call("fetchUser") { try await api.user(id) } },
  ///   { try await saga.take(CancelFetch.self) })
  /// ```
  ///
  /// - Throws: The error of the first branch to finish, if it failed.
  public func race<A: Sendable, B: Sendable>(
    _ first: @escaping @Sendable () async throws -> A,
    _ second: @escaping @Sendable () async throws -> B
  ) async throws -> (A?, B?) {
    let branches: [@Sendable () async throws -> Either3<A, B, Never>] = [
      { .first(try await first()) }, { .second(try await second()) },
    ]
    let winner = try await race(among: branches)
    return (winner.first, winner.second)
  }

  /// Races three branches of different types; the winner's slot holds its value.
  public func race<A: Sendable, B: Sendable, C: Sendable>(
    _ first: @escaping @Sendable () async throws -> A,
    _ second: @escaping @Sendable () async throws -> B,
    _ third: @escaping @Sendable () async throws -> C
  ) async throws -> (A?, B?, C?) {
    let branches: [@Sendable () async throws -> Either3<A, B, C>] = [
      { .first(try await first()) }, { .second(try await second()) },
      { .third(try await third()) },
    ]
    let winner = try await race(among: branches)
    return (winner.first, winner.second, winner.third)
  }
}
