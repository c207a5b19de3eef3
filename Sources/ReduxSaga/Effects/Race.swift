import ReduxCore

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
      guard !branches.isEmpty else { return [] }
      return try await runBranches(branches, isRace: false)
    }
  }

  /// Runs branches as tasks on the saga scheduler, in order. A race ends with the first branch
  /// to finish; `all` with the first error or every value. The branches that lost are
  /// cancelled by the branch that decided, at once, and awaited before this returns.
  private func runBranches<Value: Sendable>(
    _ branches: [@Sendable () async throws -> Value], isRace: Bool
  ) async throws -> [Value] {
    let group = BranchGroup<Value>(count: branches.count, isRace: isRace)
    let scheduler = runtime.scheduler
    let hub = runtime.hub
    let node = node
    node.enterBranches(branches.count)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<[Value], any Error>) in
        group.start(continuation)
        for (index, branch) in branches.enumerated() {
          let slot = TakeSlot(node: node, hub: hub)
          // The branch inherits its slot from the binding around its creation.
          let task = TakeSlot.$current.withValue(slot) {
            Task(executorPreference: scheduler) {
              let result: Result<Value, any Error>
              if Task.isCancelled {
                result = .failure(CancellationError())
              } else {
                slot.beginOwning()
                do {
                  result = .success(try await branch())
                } catch {
                  result = .failure(error)
                }
                slot.endOwning()
              }
              let isLast = group.finish(index, result)
              node.branchEnded(isLast: isLast)
              group.resumeIfDone()
            }
          }
          group.add(BranchTask(task: task, slot: slot))
        }
      }
    } onCancel: {
      group.cancelAll()
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

/// A race or all branch's task, and the slot its takes wait in.
private struct BranchTask: Sendable {
  let task: Task<Void, Never>
  let slot: TakeSlot

  /// Cancels the branch, withdrawing the take it waits in at once.
  func cancel() {
    task.cancel()
    slot.withdraw()
  }
}

/// The branches of one race or all: their tasks, results, and the waiting saga.
private final class BranchGroup<Value: Sendable>: Sendable {
  private struct GroupState {
    var tasks: [BranchTask] = []
    var results: [Value?]
    var decided: (any Error)?
    var isDecided = false
    var winner: Value?
    var remaining: Int
    var continuation: CheckedContinuation<[Value], any Error>?
    var isCancelled = false
  }

  private let isRace: Bool
  private let state: Lock<GroupState>

  init(count: Int, isRace: Bool) {
    self.isRace = isRace
    state = Lock(GroupState(results: Array(repeating: nil, count: count), remaining: count))
  }

  func start(_ continuation: CheckedContinuation<[Value], any Error>) {
    state.withLock { $0.continuation = continuation }
  }

  /// Keeps a branch's task; cancels it at once if the group is already decided.
  func add(_ task: BranchTask) {
    let cancelNow = state.withLock { state in
      state.tasks.append(task)
      return state.isDecided || state.isCancelled
    }
    if cancelNow { task.cancel() }
  }

  /// Records a branch's end; the branch that decides cancels the others now. Returns whether it
  /// was the last branch to end.
  func finish(_ index: Int, _ result: Result<Value, any Error>) -> Bool {
    let (losers, isLast): ([BranchTask], Bool) = state.withLock { state in
      state.remaining -= 1
      var losers: [BranchTask] = []
      if !state.isDecided {
        switch result {
        case .success(let value) where isRace:
          state.isDecided = true
          state.winner = value
        case .success(let value):
          state.results[index] = value
        case .failure(let error):
          state.isDecided = true
          state.decided = error
        }
        if state.isDecided {
          losers = state.tasks.enumerated().filter { $0.offset != index }.map(\.element)
        }
      }
      return (losers, state.remaining == 0)
    }
    for loser in losers { loser.cancel() }
    return isLast
  }

  /// Resumes the waiting saga once every branch has ended.
  func resumeIfDone() {
    let outcome: Result<[Value], any Error>?
    let continuation: CheckedContinuation<[Value], any Error>?
    (outcome, continuation) = state.withLock { state in
      guard state.remaining == 0, let continuation = state.continuation else { return (nil, nil) }
      state.continuation = nil
      if let error = state.decided { return (.failure(error), continuation) }
      if let winner = state.winner { return (.success([winner]), continuation) }
      if state.isCancelled && isRace { return (.failure(CancellationError()), continuation) }
      return (.success(state.results.compactMap { $0 }), continuation)
    }
    if let outcome, let continuation { continuation.resume(with: outcome) }
  }

  /// Cancels every branch (the saga awaiting them was cancelled).
  func cancelAll() {
    let tasks = state.withLock { state in
      state.isCancelled = true
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }
}
