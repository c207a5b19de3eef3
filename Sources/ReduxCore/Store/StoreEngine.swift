import ReduxSeam

// The store's engine: runs the drain rules (DrainMachine.swift) under the store's lock and does
// what they say. Every item that arrives (an action, a tracked action, a subscriber, a state
// replacement) goes through one admission path, `submit`; a dispatch without middleware first
// tries to reduce in place on an idle store, and falls back to `submit` when the store is busy.
// Only the drainer reduces and notifies (docs/concurrency.md, "Order and threads").
//
// Speed: a dispatch's paths are @inlinable, specialized in the caller's module for its State
// (with the middleware chain Store.init builds), so a dispatch asks the runtime for no generic
// metadata (CoreProfile's `dispatch` and `middleware`).

/// Processes everything a store is given; ``MiddlewareContext`` keeps it to read the state
/// without keeping the store alive.
@usableFromInline
final class StoreEngine<State: Sendable>: Sendable {
  @usableFromInline let lock: Lock<StoreCore<State>>
  /// Where threads wait for room in the queue, for the role, or for the drainer's next step.
  @usableFromInline let condition = LockCondition()
  /// The work in flight that `send`s and test probes await.
  @usableFromInline let ledger = WorkLedger()
  @usableFromInline let timeTravel = TimeTravelMark()  // see Store+ReplaceState.swift

  /// Where the reducer leaves work to start after its action is committed (ReduxSeam's FollowUp.swift);
  /// nil for a store whose reducer leaves none. Taken by the drainer that reduced, right after.
  @usableFromInline let followUps: FollowUpSlot?

  @usableFromInline
  init(
    state: State, reducer: Reducer<State>, warnings: RuntimeWarningHandler?,
    followUps: FollowUpSlot?
  ) {
    self.followUps = followUps
    lock = Lock(
      StoreCore(state: state, reducer: reducer, warnings: warnings),
      reentry: """
        a reducer used its own store: it read store.state, dispatched, subscribed or cancelled \
        a subscription (perhaps from the deinit of a value it replaced in the state). Reducers \
        are pure; dispatch from a middleware, a subscriber or an effect instead.
        """)
  }

  @inlinable
  var state: State { lock.withLock { $0.state } }

  // MARK: Admission

  /// A dispatch without middleware: on an idle store, reduces in place under one lock
  /// acquisition and, if anybody listens, becomes the drainer to notify them.
  @inlinable
  func dispatch(_ action: any Action) {
    let outcome: BareDispatch<State> = lock.withLock { core in
      if core.machine.isDraining { return .busy }
      core.reducer(&core.state, action)
      if core.subscribers.isEmpty && followUps == nil { return .reduced }
      return core.startNotifying(about: action, followUps: followUps)
    }
    switch outcome {
    case .reduced:
      return
    case .busy:
      submit(.action(action), through: nil) { reduceAndNotify(action) }
    case .notify(let state, let subscribers):
      let draining = DrainingThread.enter()
      subscribers?.notify(state)
      startFollowUp()
      drain(through: nil, draining)
    }
  }

  /// The one admission path: on an idle store this thread becomes the drainer and does the
  /// item at once (`now`); on a busy one the item (built by `work` only then) is queued, or the
  /// thread waits as the drain rules say.
  @inlinable
  func submit(
    _ work: @autoclosure @Sendable () -> StoreWork<State>, through chain: Middleware<State>.Next?,
    waitsForRoom: Bool = true, now: () -> Void
  ) {
    let thread = currentThreadID()
    var admission = lock.withLock {
      $0.admit(work, thread: thread, ledger: ledger, waitsForRoom: waitsForRoom)
    }
    if admission == .wait { admission = waitForRoom(toQueue: work(), thread: thread) }
    let draining: DrainingThread.Mark
    switch admission {
    case .queued, .wait:
      return
    case .drain:
      draining = DrainingThread.enter()
      now()
    case .takeOver:
      // The drainer hands over after the item in hand, usually within microseconds: yield the
      // processor a few times before sleeping.
      let hasTheRole: (inout StoreCore<State>) -> Bool = { $0.machine.drainer == thread }
      lock.withLock(waitingOn: condition, spins: 16, until: hasTheRole) { _ in }
      draining = DrainingThread.enter()
    }
    drain(through: chain, draining)
  }

  /// ``submit(_:through:now:)`` for an item the drainer performs with ``perform(_:through:)``.
  @inlinable
  func submit(_ work: StoreWork<State>, through chain: Middleware<State>.Next?) {
    submit(work, through: chain) { perform(work, through: chain) }
  }

  /// ``submit(_:through:now:)`` for an action.
  @inlinable
  func dispatch(_ action: any Action, through chain: @escaping Middleware<State>.Next) {
    submit(.action(action), through: chain) { chain(action) }
  }

  /// Back-pressure: waits until the queue has room (or the store is idle, or wants a
  /// successor), then admits `work` again; never returns `.wait`.
  @inlinable @inline(never)
  func waitForRoom(toQueue work: StoreWork<State>, thread: UInt) -> Admission {
    var admission = Admission.wait
    while admission == .wait {
      var isCounted = false
      let hasRoom: (inout StoreCore<State>) -> Bool = { core in
        if core.machine.hasRoom { return true }
        if !isCounted {
          isCounted = true
          core.machine.waitForRoom()
        }
        return false
      }
      admission = lock.withLock(waitingOn: condition, until: hasRoom) { core in
        if isCounted { core.machine.stopWaitingForRoom() }
        return core.admit({ work }, thread: thread, ledger: ledger)
      }
    }
    return admission
  }

  // MARK: Draining

  /// Processes queued work until the queue is empty or a successor takes the role over, then
  /// ends `draining`; the caller is the drainer.
  @inlinable
  func drain(through chain: Middleware<State>.Next?, _ draining: DrainingThread.Mark) {
    defer { draining.leave() }
    var processed = 0
    while let work = lock.withLock({ $0.takeNext(processed: processed, waking: condition) }) {
      // Consumed, not copied: a queue item holds an existential, which is copied and destroyed
      // through the runtime's generic value witnesses (ModuleProfile's `saga-sync`, whose puts
      // are queued).
      perform(consume work, through: chain)
      processed += 1
    }
  }

  /// Does one item of work; the caller is the drainer. Inlined into the drain loop, whose one
  /// switch then consumes the item it took.
  @inlinable @inline(__always)
  func perform(_ work: consuming StoreWork<State>, through chain: Middleware<State>.Next?) {
    switch consume work {
    case .action(let action):
      // A switch, not `if let`: binding the optional closure that way retained it.
      switch chain {
      case .some(let chain): chain(action)
      case .none: reduceAndNotify(action)
      }
    case .tracked(let tracked):
      process(tracked, through: chain)
    case .subscribe(let subscriber):
      start(subscriber)
    case .replaceState(let change):
      replaceAndNotify(change)
    }
  }

  /// The end of every middleware chain: reduce in place, then notify outside the lock, then
  /// start the reducer's follow-up.
  @inlinable
  func reduceAndNotify(_ action: any Action) {
    let notification: (State, FanOut<State>)? = lock.withLock { core in
      core.reducer(&core.state, action)
      core.tracking.noteForProbe(action)
      guard let subscribers = core.subscribers.toNotify() else { return nil }
      return (core.state, subscribers)
    }
    if let (state, subscribers) = notification { subscribers.notify(state) }
    if followUps != nil { startFollowUp() }
  }

  /// Starts the follow-up the reducer left for the action just reduced, if any; only the
  /// drainer reduces, and calls this before its next item: the slot's writer reads it.
  @inlinable @inline(never)
  func startFollowUp() {
    guard let followUp = followUps?.take() else { return }
    followUp.start(ledger: ledger)
  }

  deinit {
    // Tracked actions still queued when the last reference went will never be processed:
    // release whoever waits for them.
    let left = lock.withLock { $0.machine.removeAll() }
    for case .tracked(let tracked) in left {
      tracked.actionProcessed()
      if let pending = tracked.pending { ledger.end(pending) }
    }
  }
}

extension StoreCore {
  /// After a reducer ran on an idle store with subscribers or a follow-up slot: the calling
  /// thread becomes the drainer, to notify the subscribers and start the follow-up, if there
  /// are any.
  @inlinable @inline(never)
  mutating func startNotifying(
    about action: any Action, followUps: FollowUpSlot?
  ) -> BareDispatch<State> {
    if subscribers.isEmpty && followUps?.hasPending != true { return .reduced }
    machine.startDraining(thread: currentThreadID())
    tracking.noteForProbe(action)
    return .notify(state, subscribers.toNotify())
  }
}

// What the store's lock guards: the state and reducer, the subscribers, the drain machine and
// its queue, and the tracking of `send`s and the test probe (in a struct of their own, off the
// fields every dispatch touches: WorkReporting/Tracking.swift).

/// A unit of work for the drainer.
@usableFromInline
enum StoreWork<State: Sendable>: Sendable {
  case action(any Action)
  /// An action of a tracked origin, or one that wants to hear when it has been processed.
  case tracked(any TrackedDispatch)
  case subscribe(Subscriber<State>)
  /// A direct change to the committed state (Store+ReplaceState.swift).
  case replaceState(@Sendable (inout State) -> Void)
}

/// What the store's lock guards.
@usableFromInline
struct StoreCore<State: Sendable> {
  @usableFromInline var state: State
  /// Read under the lock for each action, so that `replaceReducer` takes effect for the next
  /// action reduced, on whichever thread reduces it. With a runtime-warning handler it is the
  /// given reducer wrapped to fill the warning slot (RuntimeWarning.swift).
  @usableFromInline var reducer: @Sendable (inout State, any Action) -> Void
  /// The reducer as the store was given it (``reducer`` without the warning wrapper).
  var givenReducer: Reducer<State>
  @usableFromInline var subscribers = SubscriberList<State>()
  /// The drain rules and the work queued for the drainer.
  @usableFromInline var machine = DrainMachine<StoreWork<State>>()
  @usableFromInline var tracking = Tracking<State>()
  /// Where the reducer's runtime warnings go; nil: standard error.
  @usableFromInline var warnings: RuntimeWarningHandler?

  @usableFromInline
  init(state: State, reducer: Reducer<State>, warnings: RuntimeWarningHandler?) {
    self.state = state
    self.reducer = Self.body(of: reducer, warnings: warnings)
    self.givenReducer = reducer
    self.warnings = warnings
  }

  /// The drainer's next item, or nil when it stops: the store is idle, or a successor took the
  /// role over. Wakes the threads waiting on `condition` when the drain rules say so.
  @inlinable
  mutating func takeNext(processed: Int, waking condition: LockCondition) -> StoreWork<State>? {
    var wake = false
    let work = machine.next(processed: processed, wake: &wake)
    if wake { condition.wakeAll() }
    return work
  }

  /// Admits an item arriving from `thread` (see ``DrainMachine/admit(thread:drainsAStore:_:)``).
  /// While a `send` is being processed or a test probe tracks everything, an action queued here
  /// is tracked: it carries the origin of the `send` its thread is processing, and counts as
  /// pending work until processed. While an action that waits for its consequences is processed,
  /// what its thread queues is one of them. An item that must not wait for room (`waitsForRoom`
  /// false: what earlier actions caused) is queued as a draining thread's would be.
  @inlinable
  mutating func admit(
    _ work: @Sendable () -> StoreWork<State>, thread: UInt, ledger: WorkLedger,
    waitsForRoom: Bool = true
  ) -> Admission {
    let drainsAStore = !waitsForRoom || (machine.isDraining && DrainingThread.isDraining)
    let isNested = thread == machine.drainer
    let origin = tracking.processing.origin
    // A flag, not the reference: reading that on every dispatch would retain it.
    let hasConsequences = tracking.hasConsequences
    let isTracked = origin.isTracked || ledger.tracksAll || hasConsequences
    let admission = machine.admit(thread: thread, drainsAStore: drainsAStore) {
      guard isTracked else { return work() }
      return Self.tracked(work(), origin: isNested ? origin : .untracked, ledger: ledger)
    }
    if hasConsequences, isNested, admission == .queued, let consequences = tracking.consequences {
      machine.updateLastQueued { $0 = Self.consequence(of: consequences, $0) }
    }
    return admission
  }
}

/// What a dispatch without middleware did under the lock.
@usableFromInline
enum BareDispatch<State: Sendable> {
  /// Reduced; nobody to notify.
  case reduced
  /// Another thread is draining: go through the admission path.
  case busy
  /// Reduced; this thread drains now, starting with notifying these subscribers (if any) of
  /// this state and starting the reducer's follow-up.
  case notify(State, FanOut<State>?)
}
