import ReduxCore
import ReduxSeam

// Race and all: each branch runs as a task of its own on the saga scheduler, with a take slot
// of its own, started at once and in order, and the branch that decides the group cancels the
// others at once.

extension SagaContext {
  /// Runs branches as tasks on the saga scheduler, each up to its first wait, in order, before
  /// this saga goes on. A race ends with the first branch to finish; `all` with the first
  /// error or every value. The branches that lost are cancelled by the branch that decided, at
  /// once, and awaited before this returns.
  func runBranches<Value: Sendable>(
    _ branches: [@Sendable () async throws -> Value], isRace: Bool
  ) async throws -> [Value] {
    let group = BranchGroup<Value>(count: branches.count, isRace: isRace)
    let scheduler = runtime.scheduler
    let node = node
    node.enterBranches(branches.count)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<[Value], any Error>) in
        group.start(continuation)
        for (index, branch) in branches.enumerated() {
          // Each branch runs up to its first wait before the next one starts, and all of them
          // before this saga's next statement (redux-saga runs `all` and `race` branches at
          // once, in order): its first job is run here, nested in this one.
          let captured = scheduler.captureNextJob()
          let slot = BranchSlot(node: node)
          let task = Task(executorPreference: node) {
            let result: Result<Value, any Error>
            if Task.isCancelled {
              result = .failure(CancellationError())
            } else {
              // The branch's code runs in the slot's task: its takes wait in the slot.
              RunningSlot.enter(.of(slot))
              do {
                result = .success(try await branch())
              } catch {
                result = .failure(error)
              }
            }
            let isLast = group.finish(index, result)
            node.branchEnded(isLast: isLast)
            group.resumeIfDone()
          }
          group.add(BranchTask(task: task, slot: slot))
          if captured { scheduler.runCapturedJob() }
        }
      }
    } onCancel: {
      group.cancelAll()
    }
  }
}

/// A race or all branch's task, and the slot its takes wait in.
private struct BranchTask: Sendable {
  let task: Task<Void, Never>
  let slot: BranchSlot

  /// Cancels the branch, withdrawing the take it waits in at once.
  func cancel() {
    task.cancel()
    TakeSlot.of(slot).withdraw()
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
