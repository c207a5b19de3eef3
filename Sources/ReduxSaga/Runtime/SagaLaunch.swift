import ReduxCore
import ReduxSeam

// Starting sagas: each runs in a Swift task that prefers the runtime's scheduler, at once, up
// to its first wait, before the code that started it goes on (as redux-saga runs a forked
// iterator until it blocks). Race and all branches are tasks started the same way, in order.

extension SagaNode {
  /// Starts `body` in a new task on the scheduler and runs it up to its first wait.
  func launch<State: Sendable, Value: Sendable>(
    runtime: SagaRuntime<State>,
    _ body: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let context = SagaContext(runtime: runtime, node: self)
    runtime.scheduler.startNow {
      let task = Task(executorPreference: runtime.scheduler) {
        // The body's outcome and the saga's end are kept out of this frame: a task's frames
        // share a slab of about 1 KB, and a byte more costs a malloc per saga (`saga-fork1000`).
        let slot = RunningSaga(node: self, branch: nil)
        slot.started()
        let outcome = await RunningSaga.$current.withValue(slot) {
          do {
            return BodyOutcome(value: try await body(context), failure: nil)
          } catch {
            return BodyOutcome(value: nil, failure: error)
          }
        }
        // END ends a saga of no value quietly: it simply returns.
        let quietlyAtEnd = Value.self == Void.self
        if !self.end(outcome, quietlyAtEnd: quietlyAtEnd) {
          await self.endAfterForks(outcome, quietlyAtEnd: quietlyAtEnd)
        }
      }
      started(task)
    }
    return SagaTask(node: self)
  }
}

extension SagaContext {
  /// Starts an attached saga, on behalf of the `send` this saga works for.
  func forkAttached<Value: Sendable>(
    _ name: String, _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let child = node.makeFork(name: name)
    child.beginWork(origin: node.currentOrigin, isCancellable: true)
    return child.launch(runtime: runtime, saga)
  }

  /// Runs `saga` as a called child (redux-saga's `call(saga)`) and returns how it ended, and
  /// its node.
  func runCalled<Value: Sendable>(
    _ name: String, _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) async -> (Result<Value, any Error>, SagaNode) {
    // Its error is thrown to the caller, not reported.
    let child = SagaNode(name: name, above: node, core: node.core, reportsErrors: false)
    child.beginWork(origin: node.currentOrigin)
    let task = child.launch(runtime: runtime, saga)
    await withTaskCancellationHandler {
      try? await child.waitUntilFinished(cancellable: false)
    } onCancel: {
      child.cancel()
    }
    return (await task.result, child)
  }

  /// Runs branches as tasks on the scheduler, each up to its first wait, in order, before this
  /// saga goes on. A race ends with the first branch to finish; `all` with the first error or
  /// every value. The branch that decides cancels the others at once; they are awaited
  /// before this returns.
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
          let slot = RunningSaga(node: node, branch: BranchSlot())
          scheduler.startNow {
            let task = Task(executorPreference: scheduler) {
              slot.started()
              let result: Result<Value, any Error> = await RunningSaga.$current.withValue(slot) {
                do {
                  try Task.checkCancellation()
                  return .success(try await branch())
                } catch {
                  return .failure(error)
                }
              }
              let isLast = group.finish(index, result)
              node.branchEnded(isLast: isLast)
              group.resumeIfDone()
            }
            group.add(BranchTask(task: task, slot: slot))
          }
        }
      }
    } onCancel: {
      group.cancelAll()
    }
  }
}

/// A race or all branch's task, and its take slot.
private struct BranchTask: Sendable {
  let task: Task<Void, Never>
  let slot: RunningSaga

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
    var failure: (any Error)?
    var winner: Value?
    var isDecided = false
    var isCancelled = false
    var remaining: Int
    var continuation: CheckedContinuation<[Value], any Error>?
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

  /// Records a branch's end; the branch that decides cancels the others now. Returns whether
  /// it was the last branch to end.
  func finish(_ index: Int, _ result: Result<Value, any Error>) -> Bool {
    let (losers, isLast) = state.withLock { state -> ([BranchTask], Bool) in
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
          state.failure = error
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
    let ending = state.withLock {
      state -> (CheckedContinuation<[Value], any Error>, Result<[Value], any Error>)? in
      guard state.remaining == 0, let continuation = state.continuation.take() else { return nil }
      if let failure = state.failure { return (continuation, .failure(failure)) }
      if let winner = state.winner { return (continuation, .success([winner])) }
      if state.isCancelled && isRace { return (continuation, .failure(CancellationError())) }
      return (continuation, .success(state.results.compactMap { $0 }))
    }
    if let (continuation, result) = ending { continuation.resume(with: result) }
  }

  /// Cancels every branch: the saga awaiting them was cancelled.
  func cancelAll() {
    let tasks = state.withLock { state in
      state.isCancelled = true
      return state.tasks
    }
    for task in tasks { task.cancel() }
  }
}
