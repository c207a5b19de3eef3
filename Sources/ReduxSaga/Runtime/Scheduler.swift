import Dispatch
import ReduxCore
import ReduxSeam

// redux-saga's scheduler (`scheduler.js`), for Swift tasks. Every saga task prefers the
// scheduler as its executor; a job runs only while a thread drains, one at a time. The thread
// that resumes sagas (a dispatch, a put's completion, `run`, `cancel`) drains inline, so they
// reach their next wait before it goes on; a job from elsewhere (a call returning, a clock)
// starts a background drain. A drain runs the jobs waiting when it began and those they cause.
//
// The asap queue holds what waits until the running sagas wait: puts, emitted actions,
// replays, in order. A step made while a put was processed (an answer to it) waits until that
// put's saga has resumed; other puts go out at once. A drain's thread runs its own drains'
// steps; other threads' steps go to a background thread (docs/concurrency.md).

/// The serial executor every saga of one runtime runs on, and its asap queue.
@usableFromInline
final class SagaScheduler: TaskExecutor, Sendable {
  private let state = Lock(
    SchedulerState(), reentry: "the saga scheduler's lock was taken again by its holder")
  /// Where threads wait for another thread's drain to end.
  private let drainEnded = LockCondition()

  /// Sets how puts reach the store, once.
  @usableFromInline
  func connect(dispatch: @escaping @Sendable (PutRequest) -> Void) {
    let wasSet = state.withLock { state in
      defer { if state.dispatch == nil { state.dispatch = dispatch } }
      return state.dispatch != nil
    }
    precondition(!wasSet, "a saga runtime delivers its puts through one route")
  }

  // MARK: Executor

  @usableFromInline
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let thread = currentThreadID()
    if state.withLock({ $0.enqueue(job, from: thread) }) { startBackgroundDrain() }
  }

  /// Where background drains and steps run: a queue of its own, which gets a thread even when
  /// every thread of the global pool is busy (a saga must not wait for tasks that wait for it).
  private static let background = DispatchQueue(label: "ReduxSaga.background")

  private func startBackgroundDrain() {
    Self.background.async {
      let thread = currentThreadID()
      let claimed = self.state.withLock { state in
        state.isBackgroundDrainScheduled = false
        // A drain in progress starts another background drain when it ends, if need be.
        guard state.drainer == 0, !state.arrivals.isEmpty else { return false }
        return state.claim(by: thread)
      }
      if claimed { self.drainAndRunSteps() }
    }
  }

  // MARK: Draining

  /// Runs `body` as the drainer (after waiting for another thread's drain to end), then runs
  /// the sagas it resumed up to their next wait, then the asap queue. On a thread that already
  /// drains, it just runs `body`: the drain in progress picks the sagas up.
  @usableFromInline
  func withDrain<Result>(_ body: () throws -> Result) rethrows -> Result {
    let claimed = claim { _ in }
    defer { if claimed { drainAndRunSteps() } }
    return try body()
  }

  /// Makes this thread the drainer, waiting for another thread's drain to end, then runs
  /// `change` under the same lock; false if the thread was draining already.
  private func claim(_ change: (inout SchedulerState) -> Void) -> Bool {
    let thread = currentThreadID()
    let isFree: (inout SchedulerState) -> Bool = { $0.drainer == 0 || $0.drainer == thread }
    return state.withLock(waitingOn: drainEnded, until: isFree) { state in
      let claimed = state.claim(by: thread)
      change(&state)
      return claimed
    }
  }

  /// Runs the drain's jobs until none is left, ends the drain, and runs the asap queue.
  private func drainAndRunSteps() {
    var startsBackgroundDrain = false
    while let job = state.withLock({ state in
      let job = state.nextJob(startsBackgroundDrain: &startsBackgroundDrain)
      if job == nil { drainEnded.wakeAll() }
      return job
    }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
    if startsBackgroundDrain { startBackgroundDrain() }
    runSteps(on: currentThreadID())
  }

  /// Runs `start`, which starts a task, and the task's first job at once, nested in the current
  /// job when the caller drains: so a fork or a branch runs up to its first wait before the
  /// code that started it goes on.
  func startNow(_ start: () -> Void) {
    let thread = currentThreadID()
    let isDraining = state.withLock { state in
      guard state.drainer == thread else { return false }
      state.capturer = thread
      return true
    }
    guard isDraining else { return withDrain(start) }
    start()
    let job = state.withLock { state in
      state.capturer = 0
      return state.captured.take()
    }
    job?.runSynchronously(on: asUnownedTaskExecutor())
  }

  // MARK: The asap queue

  /// Queues a step behind the others, as a step of the drain in progress on this thread (or
  /// of a new drain, whose end runs it).
  ///
  /// `afterPuts`: the step waits until every put in flight has resumed its saga.
  func schedule(_ step: SchedulerStep, afterPuts: Bool = false) {
    let thread = currentThreadID()
    let claimed = claim { state in
      state.steps.append(
        QueuedStep(
          thread: state.drainer,
          answering: state.processing.flatMap { $0.thread == thread ? $0.put : nil },
          waitsForAllPuts: afterPuts, step: step))
    }
    if claimed { drainAndRunSteps() }
  }

  /// `put`'s action is being processed on this thread, and then its consequences, until it
  /// completes (or the store processes the next put).
  func processing(_ put: PutRequest) {
    let thread = currentThreadID()
    state.withLock { $0.processing = (put, thread) }
  }

  /// Runs the asap queue's steps in order, unless another thread already does: the steps made
  /// on `thread` (nil: anybody's, on the background thread); the background thread goes on with
  /// the others.
  private func runSteps(on thread: UInt?) {
    var budget = state.withLock { $0.claimSteps() }
    guard budget > 0 else { return }
    var handsOff = false
    while let step = state.withLock({
      $0.nextStep(on: thread, budget: &budget, handsOff: &handsOff)
    }) {
      switch step {
      case .put(let put):
        // Copied out through a variable: returned from the generic `withLock`, the closure
        // would be wrapped in a thunk, an allocation per put (`saga-sync`).
        var dispatch: (@Sendable (PutRequest) -> Void)?
        state.withLock { dispatch = $0.dispatch }
        if let dispatch { dispatch(put) } else { put.actionProcessed() }
      case .run(let work):
        work()
      }
    }
    if handsOff { Self.background.async { self.runSteps(on: nil) } }
  }

  /// A put's action and its consequences have been processed: `resume` resumes its saga
  /// inside a drain, then `replay` (if any) runs before the rest of the asap queue.
  func completePut(
    _ put: PutRequest, resuming resume: () -> Void, replay: (@Sendable () -> Void)?
  ) {
    let claimed = claim { state in
      state.inFlight -= 1
      put.hasResumed = true
      if state.processing?.put === put { state.processing = nil }
      if let replay { state.firstSteps.append(.run(replay)) }
    }
    resume()
    if claimed { drainAndRunSteps() }
  }
}
