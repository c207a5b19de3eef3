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

  func replaceReducer(_ reducer: Reducer<State>) {
    let old = lock.withLock { $0.replaceReducer(reducer) }
    _ = old  // released here, outside the lock
  }

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

  /// Changes the state under the lock, bypassing middleware and reducer; notifies outside it.
  @inlinable
  func replaceAndNotify(_ change: @Sendable (inout State) -> Void) {
    let notification: (State, FanOut<State>)? = lock.withLock { core in
      // A change may re-reduce (DevTools' time travel): its warnings go where the reducer's do.
      if let warnings = core.warnings {
        RuntimeWarningSlot.with(warnings) { change(&core.state) }
      } else {
        change(&core.state)
      }
      guard let subscribers = core.subscribers.toNotify() else { return nil }
      return (core.state, subscribers)
    }
    if let (state, subscribers) = notification { subscribers.notify(state) }
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
