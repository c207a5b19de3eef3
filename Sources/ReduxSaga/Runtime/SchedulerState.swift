import ReduxSeam

// The scheduler's decisions as a value (Scheduler.swift holds it behind its lock and does what
// its answers say): which thread drains, which jobs a drain runs, and which step of the asap
// queue runs next.

/// What waits in the asap queue.
enum SchedulerStep: Sendable {
  /// Dispatch a saga's put.
  case put(PutRequest)
  /// Deliver an emitted action, or replay actions to a saga that put.
  case run(@Sendable () -> Void)
}

/// Everything the scheduler decides on: a value, changed under its lock.
struct SchedulerState {
  /// The drain's jobs, and those from other threads meanwhile (the next drain's).
  var jobs = FIFOQueue<UnownedJob>()
  var arrivals = FIFOQueue<UnownedJob>()
  /// The draining thread's `currentThreadID()`; 0 when nobody drains.
  var drainer: UInt = 0
  var isBackgroundDrainScheduled = false
  /// The drainer, while it takes the next job it enqueues (a new task's first, run nested).
  var capturer: UInt = 0
  var captured: UnownedJob?
  /// The asap queue, and the steps that go before it (replays after puts).
  var steps = FIFOQueue<QueuedStep>()
  var firstSteps: [SchedulerStep] = []
  var isRunningSteps = false
  /// How many puts were dispatched whose sagas have not resumed yet.
  var inFlight = 0
  /// The put whose action (or what it caused) the store processes, on which thread: steps made
  /// there meanwhile answer it.
  var processing: (put: PutRequest, thread: UInt)?
  /// How puts reach the store (or `runSaga`'s `dispatch`); nil until the runtime is connected.
  var dispatch: (@Sendable (PutRequest) -> Void)?

  /// Queues a job enqueued from `thread`; returns whether to start a background drain.
  mutating func enqueue(_ job: UnownedJob, from thread: UInt) -> Bool {
    if thread == capturer {
      capturer = 0
      captured = job
      return false
    }
    if thread == drainer {
      jobs.append(job)
      return false
    }
    arrivals.append(job)
    guard drainer == 0, !isBackgroundDrainScheduled else { return false }
    isBackgroundDrainScheduled = true
    return true
  }

  /// Makes `thread` the drainer, with the jobs that arrived so far; false if it already is.
  /// Call it once nobody else drains.
  mutating func claim(by thread: UInt) -> Bool {
    if drainer == thread { return false }
    drainer = thread
    // An ended drain leaves no job behind: the arrivals become the new drain's jobs.
    swap(&jobs, &arrivals)
    return true
  }

  /// The drain's next job; nil when the drain ends, and `startsBackgroundDrain` says whether
  /// jobs arrived meanwhile that need a drain of their own.
  mutating func nextJob(startsBackgroundDrain: inout Bool) -> UnownedJob? {
    if let job = jobs.removeFirst() { return job }
    drainer = 0
    if !arrivals.isEmpty, !isBackgroundDrainScheduled {
      isBackgroundDrainScheduled = true
      startsBackgroundDrain = true
    }
    return nil
  }

  /// How many steps one thread runs before it leaves the rest to a background thread.
  static let stepsPerRunner = 1_024

  /// Makes the caller the thread that runs the steps; returns how many it runs at most, or 0 if
  /// another thread runs them or none can run now.
  mutating func claimSteps() -> Int {
    guard !isRunningSteps, !firstSteps.isEmpty || !steps.isEmpty else { return 0 }
    isRunningSteps = true
    return Self.stepsPerRunner
  }

  /// Whether `step` can run: it answers no put still in flight (or, if it waits for every put,
  /// none is).
  func isReady(_ step: borrowing QueuedStep) -> Bool {
    if step.waitsForAllPuts { return inFlight == 0 }
    return step.answering?.hasResumed ?? true
  }

  /// The next step to run on `thread` (nil: the background thread, which runs anybody's), or
  /// nil when the runner stops: the next step answers a put still in flight, no step is left,
  /// the budget is spent, or the next step was made on another thread. Then `handsOff` says
  /// whether the background thread must go on with the steps left.
  mutating func nextStep(
    on thread: UInt?, budget: inout Int, handsOff: inout Bool
  ) -> SchedulerStep? {
    var step: SchedulerStep?
    // The queue's head, looked at in place (`saga-sync`: a copy costs reference counts).
    let (isHeadReady, headThread) =
      firstSteps.isEmpty ? steps.withFirst { (isReady($0), $0.thread) } ?? (false, 0) : (false, 0)
    if !firstSteps.isEmpty {
      step = firstSteps.removeFirst()
    } else if budget > 0, isHeadReady, thread == nil || headThread == thread {
      step = steps.removeFirst()?.step
    }
    guard let step else {
      isRunningSteps = false
      handsOff = isHeadReady
      return nil
    }
    budget -= 1
    if case .put = step { inFlight += 1 }
    return step
  }
}

/// A step of the asap queue: the thread whose drain made it, and the put it answers (made while
/// that put's action was processed), which it waits for.
struct QueuedStep {
  let thread: UInt
  let answering: PutRequest?
  /// Whether it waits until no put is in flight (an emitted action after the first).
  var waitsForAllPuts = false
  let step: SchedulerStep
}
