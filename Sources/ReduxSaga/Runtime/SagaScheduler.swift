import Dispatch
import ReduxCore
import ReduxSeam
import Synchronization

// redux-saga's single-threaded scheduler, in Swift concurrency.
//
// Every saga task of one SagaMiddleware (roots, forks, spawns, helpers' workers, race and all
// branches) prefers its saga's node as its task executor, and every node hands its jobs to this
// serial scheduler (RunningSlot.swift), so they land in one FIFO queue instead of the
// global pool. A job runs only while some thread "drains" the queue, and one thread at a time
// does:
// - the thread whose dispatch resumed a saga (the middleware's `emit`, a put's completion,
//   `run`, `cancel`) claims the drain before resuming it and drains inline, so the saga runs to
//   its next real wait before that dispatch returns;
// - a job enqueued while nobody drains (an async `call` finishing, a clock firing) starts a
//   background drain on a Dispatch queue.
// A thread that finds another thread draining waits for that drain to end (saga code never
// blocks its thread on the store: a put suspends the saga, so this cannot deadlock). A thread
// that is already draining (saga code that dispatches directly) does not drain again: its outer
// loop picks the jobs up.
//
// Puts made while sagas run are held, in order, and dispatched when the drain ends, by one
// flushing thread at a time, each once the saga of the one before has resumed: puts made while
// the flush runs (by sagas that the flushed actions resumed) queue behind the ones already
// held, which is redux-saga's `asap` order.

/// The serial scheduler every saga of one ``SagaMiddleware`` runs on (each saga's node is its
/// tasks' executor, and hands their jobs here), drained by the threads that resume sagas, and
/// the queue of the puts they hold.
@usableFromInline
final class SagaScheduler: Sendable {
  /// Everything the scheduler decides on, behind ReduxCore's lock (the store's: an inlined
  /// compare-and-swap each way uncontended, where a pthread mutex pair was about 70
  /// instructions, and several are taken per saga round trip).
  private struct State {
    var jobs = FIFOQueue<SagaJob>()
    /// The draining thread's `currentThreadID()`, 0 when nobody drains.
    var drainer: UInt = 0
    var isBackgroundDrainScheduled = false
    var held = FIFOQueue<any PendingPut>()
    var isFlushing = false
    /// Puts sent to the store whose sagas have not resumed yet: the held puts wait for them
    /// (HeldPut.swift), as redux-saga's `asap` queue runs one put to its end before the next.
    var inFlight = 0
    /// How held puts reach the store, once it is known (see ``SagaScheduler/route``).
    var route: Unmanaged<PutRoute>?

    /// The next held put to dispatch, and how, or nil when the flush ends; `claimingTheFlush`
    /// makes the caller the flushing thread first (nil if another thread is, or nothing is
    /// held).
    mutating func nextHeldPut(claimingTheFlush: Bool) -> PutToDeliver? {
      if claimingTheFlush {
        guard !isFlushing, inFlight == 0, !held.isEmpty else { return nil }
        isFlushing = true
      }
      guard inFlight == 0, let put = held.removeFirst() else {
        isFlushing = false
        return nil
      }
      if route != nil { inFlight += 1 }
      return PutToDeliver(put: put, route: route)
    }
  }

  /// A held put and how it reaches the store. A struct, not a tuple: a tuple's metadata is
  /// built at run time, and copying one through it cost about 700 instructions per put.
  private struct PutToDeliver {
    let put: any PendingPut
    let route: Unmanaged<PutRoute>?

    func run() {
      if let route { put.send(through: route.takeUnretainedValue()) } else { put.resume() }
    }
  }

  private let state = Lock(
    State(), reentry: "the saga scheduler's lock was taken again by the thread that holds it")
  /// `State.drainer`, written with it under the lock and read without it: a thread that finds
  /// its own identity here is the drainer (only it writes its identity, and only it clears it).
  private let drainerThread = Atomic<UInt>(0)
  /// The drainer, while it takes the next job enqueued from its thread for itself (a fork's
  /// first job, a put's resumed saga) instead of queueing it; 0 when none.
  private let captureThread = Atomic<UInt>(0)
  /// The job taken. Only the capturing thread, the drainer, reads or writes it (between
  /// ``captureNextJob()`` and ``runCapturedJob()``); the drain passes from thread to thread
  /// under the lock, which orders their accesses.
  @exclusivity(unchecked) nonisolated(unsafe) private var capturedJob: SagaJob?
  /// Where threads wait for another thread's drain to end.
  private let drainEnded = LockCondition()

  /// Sets how held puts reach the store (once, when the middleware is attached, or when
  /// ``runSaga`` makes the runtime). Retained here until the scheduler goes; the puts take it
  /// unretained: reading a reference out of the lock cost a retain and a release per put.
  func deliverPuts(through route: PutRoute) {
    let retained = Unmanaged.passRetained(route)
    let wasSet = state.withLock { state in
      defer { if state.route == nil { state.route = retained } }
      return state.route != nil
    }
    precondition(!wasSet, "a saga runtime delivers its puts through one route")
  }

  deinit {
    state.withLock { $0.route }?.release()
  }

  // MARK: Executor

  /// Queues a job of `node`'s task (or of a task that prefers `node` as its executor: a race or
  /// all branch, a task group's child); see ``SagaNode/enqueue(_:)``.
  func enqueue(_ job: UnownedJob, of node: SagaNode) {
    let job = SagaJob(job: job, node: node)
    if captureThread.load(ordering: .relaxed) == currentThreadID() {
      captureThread.store(0, ordering: .relaxed)
      capturedJob = job
      return
    }
    let startsBackgroundDrain: Bool = state.withLock { state in
      state.jobs.append(job)
      guard state.drainer == 0, !state.isBackgroundDrainScheduled else { return false }
      state.isBackgroundDrainScheduled = true
      return true
    }
    if startsBackgroundDrain {
      DispatchQueue.global().async { self.drainInBackground() }
    }
  }

  private func drainInBackground() {
    let me = currentThreadID()
    let claimed: Bool = state.withLock { state in
      state.isBackgroundDrainScheduled = false
      // A drainer sees every job queued before it lets go, so there is nothing to do.
      guard state.drainer == 0, !state.jobs.isEmpty else { return false }
      setDrainer(me, in: &state)
      return true
    }
    guard claimed else { return }
    drainAndFlush()
  }

  // MARK: Draining

  /// Runs `body` as the drainer, then runs every saga it resumed (and every saga those resume)
  /// up to its next wait, then dispatches the puts they made.
  ///
  /// Waits first if another thread is draining. On a thread that is already draining it just
  /// runs `body`: the drain in progress picks the resumed sagas up.
  @usableFromInline
  func withDrain<Result>(_ body: () throws -> Result) rethrows -> Result {
    let claimed = beginDrain()
    defer { if claimed { endDrain() } }
    return try body()
  }

  /// Makes the calling thread the drainer, waiting for another thread's drain to end; returns
  /// `false` if this thread is already draining. Pair a `true` with ``endDrain()``.
  func beginDrain() -> Bool {
    claimDrain(by: currentThreadID(), completingPut: false).claimed
  }

  /// Makes `me` the drainer, waiting for another thread's drain to end: `claimed` is false if
  /// `me` was draining already; `isIdle`, whether no job is queued. `completingPut`: also counts
  /// a put sent to the store as done, under the same lock.
  @inline(__always)
  private func claimDrain(by me: UInt, completingPut: Bool) -> (claimed: Bool, isIdle: Bool) {
    let isFreeOrMine: (inout State) -> Bool = { $0.drainer == 0 || $0.drainer == me }
    return state.withLock(waitingOn: drainEnded, until: isFreeOrMine) { state in
      if completingPut { state.inFlight -= 1 }
      let claimed = state.drainer != me
      if claimed { setDrainer(me, in: &state) }
      return (claimed, state.jobs.isEmpty)
    }
  }

  /// Sets the drainer (0: nobody) and its lock-free mirror, ``drainerThread``.
  private func setDrainer(_ drainer: UInt, in state: inout State) {
    state.drainer = drainer
    drainerThread.store(drainer, ordering: .relaxed)
  }

  /// Runs the queued sagas up to their next wait, gives up the drain, and dispatches the puts
  /// they made.
  func endDrain() {
    drainAndFlush()
  }

  /// Prepares to start a task whose first job runs at once, nested in the current one (so a
  /// fork runs up to its first wait before `fork` returns): returns `false`, and prepares
  /// nothing, unless the calling thread is draining. Create the task, then call
  /// ``runCapturedJob()``.
  func captureNextJob() -> Bool {
    let me = currentThreadID()
    guard drainerThread.load(ordering: .relaxed) == me else { return false }
    capture(by: me)
    return true
  }

  /// The next job the drainer (`me`) enqueues on this scheduler is taken for it instead of
  /// queued: no lock, where arming, queueing and taking the job took it three times.
  private func capture(by me: UInt) {
    capturedJob = nil
    captureThread.store(me, ordering: .relaxed)
  }

  /// Runs the job captured since ``captureNextJob()``; `thread` is this thread's running slot
  /// cell, if the caller has it at hand.
  func runCapturedJob(on thread: RunningSlot.Cell = RunningSlot.currentCell) {
    captureThread.store(0, ordering: .relaxed)
    let job = capturedJob
    capturedJob = nil
    job?.run(on: thread)
  }

  /// Runs queued jobs until none is left, gives up the drain, then dispatches the held puts
  /// in order, unless another thread is already doing so (it takes these too). The caller is
  /// the drainer. Giving up the drain and claiming the puts take the lock once.
  private func drainAndFlush(on thread: RunningSlot.Cell = RunningSlot.currentCell) {
    var next: PutToDeliver?
    while true {
      let job: SagaJob? = state.withLock { state in
        if let job = state.jobs.removeFirst() { return job }
        setDrainer(0, in: &state)
        drainEnded.wakeAll()
        next = state.nextHeldPut(claimingTheFlush: true)
        return nil
      }
      guard let job else { break }
      job.run(on: thread)
    }
    while let put = next {
      put.run()
      next = state.withLock { $0.nextHeldPut(claimingTheFlush: false) }
    }
  }

  // MARK: Puts

  /// Resumes the saga of a put sent to the store (`resume`), inside a drain, then dispatches
  /// the puts held behind it.
  func completePut(resuming resume: () -> Void) {
    let me = currentThreadID()
    let (claimed, isIdle) = claimDrain(by: me, completingPut: true)
    // This thread's running slot cell, looked up once for the saga and the drain.
    let thread = RunningSlot.currentCell
    // No job waits: the saga's, next in line anyway, runs at once, without queueing it.
    if isIdle {
      capture(by: me)
      resume()
      runCapturedJob(on: thread)
    } else {
      resume()
    }
    if claimed { drainAndFlush(on: thread) }
  }

  /// Holds a put until the current drain ends; outside a drain, delivers it now.
  func hold(_ put: any PendingPut) {
    let me = currentThreadID()
    let isHeld: Bool = state.withLock { state in
      guard state.drainer == me else { return false }
      state.held.append(put)
      return true
    }
    if isHeld { return }
    withDrain {
      state.withLock { $0.held.append(put) }
    }
  }
}

/// A job of a saga task, and the saga whose executor it was enqueued on.
struct SagaJob {
  let job: UnownedJob
  /// Unretained, so that queueing a job costs no reference counting: a task retains its
  /// preferred executor until it ends, and a task with a job queued has not ended.
  let node: Unmanaged<SagaNode>
  /// The node as an executor, made where the node is at hand: running the job then needs no
  /// reference to the node, whose retain and release were two of a job's few atomic
  /// operations.
  let executor: UnownedTaskExecutor

  init(job: UnownedJob, node: SagaNode) {
    self.job = job
    self.node = Unmanaged.passUnretained(node)
    executor = node.asUnownedTaskExecutor()
  }

  /// Runs the job on the saga's executor, telling the running slot whose it is.
  func run(on thread: RunningSlot.Cell) {
    RunningSlot.run(job, on: executor, of: node, thread: thread)
  }
}
