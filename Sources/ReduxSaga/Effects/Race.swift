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
  /// - Throws: The error of the first branch to finish, if it failed.
  public func race<Value: Sendable>(
    among branches: [@Sendable () async throws -> Value]
  ) async throws -> Value {
    precondition(!branches.isEmpty, "race needs at least one branch.")
    return try await perform(.race(branches.count)) {
      try await withThrowingTaskGroup(of: Value.self) { group in
        for branch in branches { group.addBranch { try await branch() } }
        defer { group.cancelAll() }
        guard let winner = try await group.next() else { throw CancellationError() }
        return winner
      }
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

  /// Runs branches concurrently and returns all their results, in branch order.
  ///
  /// Fails fast: the first error cancels the other branches and is thrown once they have
  /// stopped.
  public func all<Value: Sendable>(
    of branches: @Sendable () async throws -> Value...
  ) async throws -> [Value] {
    try await all(of: branches)
  }

  /// Runs a list of branches built at run time together; see `all(of:)`.
  ///
  /// - Throws: The first error; the other branches are cancelled first.
  public func all<Value: Sendable>(
    of branches: [@Sendable () async throws -> Value]
  ) async throws -> [Value] {
    try await perform(.all(branches.count)) {
      try await withThrowingTaskGroup(of: (Int, Value).self) { group in
        for (index, branch) in branches.enumerated() {
          group.addBranch { (index, try await branch()) }
        }
        var results = [Value?](repeating: nil, count: branches.count)
        for try await (index, value) in group { results[index] = value }
        return results.compactMap { $0 }
      }
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

/// One result among up to three of different types.
private enum Either3<A: Sendable, B: Sendable, C: Sendable>: Sendable {
  case first(A)
  case second(B)
  case third(C)

  var first: A? {
    if case .first(let value) = self { value } else { nil }
  }
  var second: B? {
    if case .second(let value) = self { value } else { nil }
  }
  var third: C? {
    if case .third(let value) = self { value } else { nil }
  }
}

extension ThrowingTaskGroup where Failure == any Error {
  /// Adds a branch that runs synchronously up to its first suspension where the platform
  /// allows, so a branch's `take` is registered before `race` or `all` starts waiting.
  fileprivate mutating func addBranch(
    _ operation: sending @escaping @isolated(any) () async throws -> ChildTaskResult
  ) {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      addImmediateTask(operation: operation)
    } else {
      addTask(operation: operation)
    }
  }
}
