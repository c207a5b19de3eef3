// The store's state, queue and subscribers, behind one lock.
//
// Processing model: at most one thread at a time "drains" the store. A dispatch on an idle
// store makes the calling thread the drainer: it reduces, notifies, then processes whatever was
// queued meanwhile. A dispatch that arrives while another dispatch is being processed (from a
// middleware, a subscriber, or another thread) is appended to the queue; the drainer processes
// it in order. So actions are reduced one at a time in the order they were accepted, none is
// lost, and nothing recurses.
//
// Under load (docs/concurrency.md, "Under load"), with B = StoreLimits.drainBudget and
// C = StoreLimits.queueCapacity:
// - The drainer processes its own action and everything its own thread queues while it drains
//   (dispatches from its middleware, subscribers, effects). Once it has processed B queued items
//   and none of its own is left, it wants a successor: the next thread that dispatches (and is
//   not itself draining a store) queues its action, waits for the drainer to finish the item in
//   hand, and takes the role over; the old drainer returns. If nobody comes, the old drainer
//   finishes the queue, which only threads that dispatch could have grown.
// - A thread that is not draining a store and finds C items queued waits until the drainer
//   brings the queue down to C / 2, or wants a successor (back-pressure).
// - A draining thread never waits for another store's drainer, so neither rule can deadlock:
//   a dispatch from a middleware, a subscriber or an effect on the drainer is queued at once.
// Every `dispatch` call that returns has left its action processed or queued for a drainer that
// is still working, so once all `dispatch` calls have returned, the store is idle.
//
// Speed: the dispatch path (and what it touches: StoreCore, Lock, Store.dispatch) is @inlinable
// so that the caller's module specializes it for its State. Unspecialized, each dispatch asked
// the runtime for generic metadata (StoreCore<State>, the notification tuple, ...) and cost ten
// times more; see docs/performance.md.

/// A unit of work for the drainer: an action to process, or a subscriber to start.
@usableFromInline
enum StoreWork<State: Sendable>: Sendable {
  case action(any Action)
  /// An action of a tracked origin, or one that wants to hear when it has been processed.
  case tracked(any TrackedDispatch)
  case subscribe(Subscriber<State>)
  /// A direct change to the committed state (see MiddlewareContext+TimeTravel.swift).
  case replaceState(@Sendable (inout State) -> Void)
}

/// How much a store queues, and how much of other threads' work one `dispatch` call does.
@usableFromInline
enum StoreLimits {
  /// Queued items a drainer processes before it hands the role to the next thread that
  /// dispatches.
  @usableFromInline static let drainBudget = 256
  /// Queued items at which a dispatch from a thread that is not draining waits for room.
  @usableFromInline static let queueCapacity = 1_024
}

/// What a dispatch or a subscribe does after its first look at the store.
@usableFromInline
enum Admission {
  /// Done, or queued for the drainer.
  case done
  /// The queue is full: wait for room.
  case wait
  /// Queued; wait for the drainer to hand the role over, then drain.
  case takeOver
  /// The caller is now the drainer.
  case drain
}

/// What a dispatch without middleware did under the lock.
@usableFromInline
enum BareDispatch<State: Sendable> {
  /// Reduced; nobody to notify.
  case reduced
  /// Another thread is draining: queue behind it, out of line.
  case busy
  /// Reduced; this thread drains now and notifies these subscribers of this state.
  case notify(State, [Subscriber<State>])
}

/// What the drainer does next.
@usableFromInline
enum DrainStep<State: Sendable> {
  case work(StoreWork<State>)
  /// The queue is empty; the store is idle.
  case done
  /// A successor took the role over.
  case handOff
}

/// What the lock guards.
@usableFromInline
struct StoreCore<State: Sendable> {
  @usableFromInline var state: State
  /// Read under the lock for each action, so ``StoreBox/replaceReducer(_:)`` takes effect for
  /// the next action reduced, on whichever thread reduces it.
  @usableFromInline var reducer: @Sendable (inout State, any Action) -> Void
  /// In subscription order. In a long list a cancelled subscriber is only marked; the marked
  /// ones are removed together at the next notification, or when they are half of the list.
  /// So cancelling is O(1) amortized, where removing each one at once scanned the list
  /// (10,000 tokens took 18 s).
  @usableFromInline var subscribers: [Subscriber<State>] = []
  /// Subscribers marked removed since the list was last compacted.
  @usableFromInline var cancelledSubscribers = 0
  @usableFromInline var isDraining = false
  /// The draining thread's ``currentThreadID()`` (0 when idle).
  @usableFromInline var drainer: UInt = 0
  @usableFromInline var queue = FIFOQueue<StoreWork<State>>()
  /// Items ever queued, and ever taken off the queue.
  @usableFromInline var queued: UInt = 0
  @usableFromInline var dequeued: UInt = 0
  /// `queued` just after the drainer's own thread last queued an item: the drainer does not give
  /// up the role before it has processed that item.
  @usableFromInline var lastOwnItem: UInt = 0
  /// The drainer spent its budget and waits for a successor.
  @usableFromInline var wantsSuccessor = false
  /// The thread that will take the role over (0 if none), and the number of its queued item.
  @usableFromInline var successor: UInt = 0
  @usableFromInline var successorItem: UInt = 0
  /// Threads waiting on the box's condition for room in the queue.
  @usableFromInline var producersWaiting = 0
  /// Bumped each time the drainer takes its next item, so between any two callbacks: a
  /// `cancel()` on another thread waits for it to move.
  @usableFromInline var step: UInt = 0
  /// Threads waiting on the box's condition for the next `step`.
  @usableFromInline var cancelsWaiting = 0
  /// The tracked action being processed; actions its thread queues meanwhile inherit its origin.
  @usableFromInline var processing = Processing()
  @usableFromInline var probe: (@Sendable (ProcessedAction<State>) -> Void)?
  /// The action the probe subscriber reports next, and its origin.
  @usableFromInline var probed: (action: any Action, processing: Processing)?

  init(state: State, reducer: @escaping @Sendable (inout State, any Action) -> Void) {
    self.state = state
    self.reducer = reducer
  }

  /// Makes the calling thread the drainer.
  @inlinable
  mutating func startDraining() {
    isDraining = true
    drainer = currentThreadID()
  }

  /// Queues work behind the work already queued; `isOwn` when the drainer's thread queues it.
  @inlinable
  mutating func enqueue(_ work: consuming StoreWork<State>, isOwn: Bool, ledger: WorkLedger) {
    if _slowPath(processing.origin.isTracked || ledger.tracksAll),
      case .action(let action) = copy work
    {
      queue.append(.tracked(tracked(action, isOwn: isOwn, ledger: ledger)))
    } else {
      queue.append(work)
    }
    queued &+= 1
    if isOwn { lastOwnItem = queued }
  }

  /// An action queued while work is tracked: the drainer's own thread queues it as part of the
  /// tracked action it is processing; with a test probe, every queued action counts as pending.
  @usableFromInline
  func tracked(_ action: any Action, isOwn: Bool, ledger: WorkLedger) -> TrackedAction {
    let origin = isOwn ? processing.origin : .untracked
    let pending: UInt64? =
      origin.isTracked || ledger.tracksAll
      ? ledger.begin(origin: origin, description: "queued action \(action)") : nil
    return TrackedAction(
      action: action, origin: origin, isSent: false, listener: nil, pending: pending)
  }

  /// Handles work that arrives while the store is draining: queues it, or says how the caller
  /// must wait. Kept out of line: the dispatch fast path stays small.
  @inlinable @inline(never)
  mutating func admit(_ work: consuming StoreWork<State>, ledger: WorkLedger) -> Admission {
    let thread = currentThreadID()
    if drainer == thread || DrainingThread.isDraining {
      // From the drainer's own callbacks, or from a thread draining another store: never waits.
      enqueue(work, isOwn: drainer == thread, ledger: ledger)
      return .done
    }
    if wantsSuccessor && successor == 0 {
      enqueue(work, isOwn: false, ledger: ledger)
      successor = thread
      successorItem = queued
      return .takeOver
    }
    if queue.count >= StoreLimits.queueCapacity { return .wait }
    enqueue(work, isOwn: false, ledger: ledger)
    return .done
  }

  /// The drainer's next step, after it processed `processed` queued items in this turn.
  @inlinable
  mutating func takeNext(processed: Int, waking condition: LockCondition) -> DrainStep<State> {
    step &+= 1
    if cancelsWaiting > 0 { condition.wakeAll() }
    if lastOwnItem <= dequeued {
      if successor != 0 {
        drainer = successor
        lastOwnItem = successorItem
        successor = 0
        wantsSuccessor = false
        condition.wakeAll()
        return .handOff
      }
      if processed >= StoreLimits.drainBudget && !wantsSuccessor && !queue.isEmpty {
        wantsSuccessor = true
        if producersWaiting > 0 { condition.wakeAll() }
      }
    }
    guard let work = queue.removeFirst() else {
      isDraining = false
      drainer = 0
      wantsSuccessor = false
      if producersWaiting > 0 { condition.wakeAll() }
      return .done
    }
    dequeued &+= 1
    // Producers wait only while the queue is full, and it shrinks one item at a time, so it
    // passes half its capacity before they could go on: wake them there, once (waking them at
    // every step until they run was a system call per item).
    if producersWaiting > 0 && queue.count == StoreLimits.queueCapacity / 2 {
      condition.wakeAll()
    }
    return .work(work)
  }

  /// Drops the subscribers marked removed, keeping the order of the others.
  @inlinable
  mutating func removeCancelledSubscribers() {
    subscribers.removeAll { $0.isRemoved }
    cancelledSubscribers = 0
  }

  /// The subscribers to notify of a new state, or nil when there are none.
  @inlinable
  mutating func subscribersToNotify() -> [Subscriber<State>]? {
    if cancelledSubscribers > 0 { removeCancelledSubscribers() }
    return subscribers.isEmpty ? nil : subscribers
  }
}

/// Holds everything a store processes; ``MiddlewareContext`` keeps it to read state without
/// keeping the store alive.
@usableFromInline
final class StoreBox<State: Sendable>: Sendable {
  @usableFromInline let lock: Lock<StoreCore<State>>
  /// Where threads wait for room in the queue, or for the drainer to hand the role over.
  @usableFromInline let condition = LockCondition()
  /// The work in flight that `send`s and test probes await.
  @usableFromInline let ledger = WorkLedger()
  /// The end of the middleware chain compiled for State. Store.init (generic, in this module)
  /// builds the chain, so its end calls the generic ``reduceAndNotify(_:)``; the first
  /// dispatch through the chain from code specialized for State sets this to that code's copy,
  /// and ``reduceAndNotify(_:)`` forwards to it from then on.
  // nonisolated(unsafe): read and written only by the draining thread; the lock hands that
  // role from thread to thread.
  // It takes the box as an argument and captures nothing: a closure without a context costs
  // no retain and release around each call (a capturing one cost two atomic operations per
  // action).
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var specializedEnd:
    (@Sendable (StoreBox<State>, any Action) -> Void)?

  init(state: State, reducer: Reducer<State>) {
    lock = Lock(
      StoreCore(state: state, reducer: reducer.body),
      reentry: """
        a reducer used its own store: it read store.state, dispatched, subscribed or cancelled \
        a subscription (perhaps from the deinit of a value it replaced in the state). Reducers \
        are pure; dispatch from a middleware, a subscriber or an effect instead.
        """)
  }

  @inlinable
  var state: State { lock.withLock { $0.state } }

  func replaceReducer(_ reducer: Reducer<State>) {
    let old = lock.withLock { core in
      defer { core.reducer = reducer.body }
      return core.reducer
    }
    _ = old  // released here, outside the lock: its captures may do anything in deinit
  }

  /// Dispatch without middleware: one lock acquisition when nobody listens and nothing is queued.
  @inlinable
  func dispatch(_ action: any Action) {
    // The fast path only reduces; queueing behind a drainer and starting to notify are out of
    // line, so the lock's closure stays small enough to inline.
    let outcome: BareDispatch<State> = lock.withLock { core in
      if _slowPath(core.isDraining) { return .busy }
      core.reducer(&core.state, action)
      if _fastPath(core.subscribers.isEmpty) { return .reduced }
      return startNotifying(&core, about: action)
    }
    switch outcome {
    case .reduced:
      return
    case .busy:
      dispatchSlowly(action)
    case .notify(let state, let subscribers):
      DrainingThread.enter()
      notify(subscribers, of: state)
      drain(through: nil)
    }
  }

  /// After a reducer ran on an idle store with subscribers: this thread becomes the drainer
  /// and notifies them (`.reduced` if every subscriber was cancelled meanwhile).
  @inlinable @inline(never)
  func startNotifying(_ core: inout StoreCore<State>, about action: any Action) -> BareDispatch<
    State
  > {
    guard let subscribers = core.subscribersToNotify() else { return .reduced }
    core.startDraining()
    if _slowPath(core.probe != nil) { core.probed = (action, core.processing) }
    return .notify(core.state, subscribers)
  }

  /// A bare dispatch that found the store busy (it may be idle again by now). Inlinable so that
  /// it is specialized for State, but never inlined: the fast path stays small.
  @inlinable @inline(never)
  func dispatchSlowly(_ action: any Action) {
    let (admission, outcome): (Admission, BareDispatch<State>) = lock.withLock { core in
      if core.isDraining { return (core.admit(.action(action), ledger: ledger), .reduced) }
      core.reducer(&core.state, action)
      if core.subscribers.isEmpty { return (.done, .reduced) }
      return (.done, startNotifying(&core, about: action))
    }
    if case .notify(let state, let subscribers) = outcome {
      DrainingThread.enter()
      notify(subscribers, of: state)
      drain(through: nil)
    } else if admission != .done {
      wait(admission, toQueue: .action(action), through: nil)
    }
  }

  /// Dispatch through a middleware chain that ends in ``reduceAndNotify(_:)``.
  @inlinable
  func dispatch(_ action: any Action, through chain: @escaping Middleware<State>.Next) {
    let admission: Admission = lock.withLock { core in
      if core.isDraining { return core.admit(.action(action), ledger: ledger) }
      core.startDraining()
      return .drain
    }
    switch admission {
    case .done:
      return
    case .wait, .takeOver:
      wait(admission, toQueue: .action(action), through: chain)
      return
    case .drain:
      DrainingThread.enter()
    }
    // `_isConcrete` is true only in a copy of this code specialized for a concrete State: a
    // generic caller (a module's generic middleware, MiddlewareContext.dispatch) must not
    // install the generic end and keep every later dispatch on the slow path.
    if specializedEnd == nil && _isConcrete(State.self) {
      specializedEnd = { box, action in box.reduceAndNotifyHere(action) }
    }
    chain(action)
    drain(through: chain)
  }

  /// The end of every middleware chain: reduce in place, then notify outside the lock.
  @inlinable
  func reduceAndNotify(_ action: any Action) {
    if let specializedEnd {
      specializedEnd(self, action)
    } else {
      reduceAndNotifyHere(action)
    }
  }

  @inlinable
  func reduceAndNotifyHere(_ action: any Action) {
    let notification: (State, [Subscriber<State>])? = lock.withLock { core in
      core.reducer(&core.state, action)
      guard let subscribers = core.subscribersToNotify() else { return nil }
      if _slowPath(core.probe != nil) { core.probed = (action, core.processing) }
      return (core.state, subscribers)
    }
    guard let (state, subscribers) = notification else { return }
    notify(subscribers, of: state)
  }

  /// Calls each subscriber with `state`, in order, one at a time.
  ///
  /// `subscribers` keeps every subscriber alive for the whole loop, so each is used without a
  /// retain and a release of its own: those are atomic, and cost more than an unchanged selector
  /// subscriber's whole check.
  @inlinable
  func notify(_ subscribers: [Subscriber<State>], of state: State) {
    subscribers.withUnsafeBufferPointer { subscribers in
      for index in subscribers.indices {
        Unmanaged.passUnretained(subscribers[index])._withUnsafeGuaranteedRef { $0.receive(state) }
      }
    }
  }

  /// Adds a subscriber and gives it the current state: at once on an idle store, otherwise in
  /// order after the work queued before it.
  @usableFromInline
  func subscribe(_ subscriber: Subscriber<State>, through chain: Middleware<State>.Next?) {
    var state: State?
    let admission: Admission = lock.withLock { core in
      if core.isDraining { return core.admit(.subscribe(subscriber), ledger: ledger) }
      core.startDraining()
      core.subscribers.append(subscriber)
      state = core.state
      return .drain
    }
    switch admission {
    case .done:
      return
    case .drain:
      DrainingThread.enter()
      if let state = state.take() { subscriber.start(state) }
      drain(through: chain)
    case .wait, .takeOver:
      wait(admission, toQueue: .subscribe(subscriber), through: chain)
    }
  }

  /// The slow path of a dispatch or a subscribe on a busy store: waits for room in the queue
  /// (`.wait`, `work` not queued yet), or for the drainer to hand the role over (`.takeOver`,
  /// `work` already queued), then drains if the role came to this thread. Inlinable, so that
  /// the drain it starts (most of the drains under contention) runs code specialized for State:
  /// unspecialized, each item asked the runtime for generic metadata.
  @inlinable
  func wait(
    _ admission: Admission, toQueue work: StoreWork<State>,
    through chain: Middleware<State>.Next?
  ) {
    let thread = currentThreadID()
    var next = admission
    while case .wait = next {
      var isCounted = false
      let isReady: (inout StoreCore<State>) -> Bool = { core in
        let isReady =
          !core.isDraining || core.queue.count < StoreLimits.queueCapacity
          || (core.wantsSuccessor && core.successor == 0)
        if !isReady && !isCounted {
          isCounted = true
          core.producersWaiting += 1
        }
        return isReady
      }
      next = lock.withLock(waitingOn: condition, until: isReady) { core in
        if isCounted { core.producersWaiting -= 1 }
        if core.isDraining { return core.admit(work, ledger: ledger) }
        core.startDraining()
        core.enqueue(work, isOwn: true, ledger: ledger)
        return .drain
      }
    }
    switch next {
    case .done, .wait:
      return
    case .takeOver:
      let hasTheRole: (inout StoreCore<State>) -> Bool = { core in core.drainer == thread }
      // The drainer hands over after the item in hand, usually within microseconds: yield the
      // processor a few times before sleeping, so that the store does not stall while a
      // sleeping successor is woken and scheduled.
      lock.withLock(waitingOn: condition, spins: 16, until: hasTheRole) { _ in }
    case .drain:
      break
    }
    DrainingThread.enter()
    drain(through: chain)
  }

  /// Ends a subscription: O(1) amortized. When it returns, the subscriber's callback is not
  /// running and will not be called again, unless `cancel()` was called from a thread that is
  /// itself draining a store (the subscriber's own callback, for one; see Subscription).
  /// Inlinable so that the list is compacted by code specialized for State (unspecialized,
  /// each element visited cost about 360 ns).
  @inlinable
  func unsubscribe(_ subscriber: Subscriber<State>) {
    subscriber.deactivate()
    let thread = currentThreadID()
    let stepToWaitFor: UInt? = lock.withLock { core in
      if !subscriber.isRemoved {
        subscriber.isRemoved = true
        core.cancelledSubscribers += 1
        // Until then a marked subscriber is skipped by its own `isActive` check.
        if core.subscribers.count <= 64 || core.cancelledSubscribers * 2 >= core.subscribers.count {
          core.removeCancelledSubscribers()
        }
      }
      // The drainer may have checked `isActive` just before `deactivate()` and be calling the
      // callback now: it has returned by the drainer's next step. A thread that drains a store
      // does not wait (two stores' callbacks cancelling each other's subscriptions would wait
      // for each other forever).
      guard core.isDraining, core.drainer != thread, !DrainingThread.isDraining else {
        return nil
      }
      core.cancelsWaiting += 1
      return core.step
    }
    if let stepToWaitFor { waitForTheDrainer(toPass: stepToWaitFor) }
  }

  /// Waits until the drainer has taken its next item after `step`, or stopped draining.
  @usableFromInline
  func waitForTheDrainer(toPass step: UInt) {
    let drainerMoved: (inout StoreCore<State>) -> Bool = { core in
      core.step != step || !core.isDraining
    }
    lock.withLock(waitingOn: condition, until: drainerMoved) { core in core.cancelsWaiting -= 1 }
  }

  /// Processes queued work until the queue is empty or a successor takes the role over (see
  /// the top of this file), then returns. The caller is the drainer and called
  /// `DrainingThread.enter()`.
  @inlinable
  func drain(through chain: Middleware<State>.Next?) {
    defer { DrainingThread.leave() }
    var processed = 0
    while true {
      switch lock.withLock({ $0.takeNext(processed: processed, waking: condition) }) {
      case .done, .handOff:
        return
      case .work(.action(let action)):
        if let chain { chain(action) } else { reduceAndNotify(action) }
      case .work(.subscribe(let subscriber)):
        start(subscriber)
      case .work(let work):
        perform(work, through: chain)
      }
      processed += 1
    }
  }

  /// Does one item of work; the caller is the drainer. Out of line: the drain loop handles
  /// plain actions and subscribers itself, and stays small enough to inline. Inlinable (never
  /// inlined), so that a tracked action (a saga's put) is processed by code specialized for
  /// State.
  @inlinable @inline(never)
  func perform(_ work: StoreWork<State>, through chain: Middleware<State>.Next?) {
    switch work {
    case .action(let action):
      if let chain { chain(action) } else { reduceAndNotify(action) }
    case .tracked(let tracked):
      process(tracked, through: chain)
    case .subscribe(let subscriber):
      start(subscriber)
    case .replaceState(let change):
      replaceAndNotify(change)
    }
  }

  /// Queues work that is neither a plain action nor a subscriber (a tracked action, a state
  /// replacement) behind the store's other work; on an idle store this thread becomes the
  /// drainer and does it at once.
  @inlinable
  func submit(_ work: StoreWork<State>, through chain: Middleware<State>.Next?) {
    let admission: Admission = lock.withLock { core in
      if core.isDraining { return core.admit(work, ledger: ledger) }
      core.startDraining()
      return .drain
    }
    carryOut(admission, of: work, through: chain)
  }

  /// What ``submit(_:through:)`` does once `work` was admitted.
  @inlinable
  func carryOut(
    _ admission: Admission, of work: StoreWork<State>, through chain: Middleware<State>.Next?
  ) {
    switch admission {
    case .done:
      return
    case .wait, .takeOver:
      wait(admission, toQueue: work, through: chain)
    case .drain:
      DrainingThread.enter()
      perform(work, through: chain)
      drain(through: chain)
    }
  }

  /// Dispatches an action that carries an origin or a completion, counted as pending work of
  /// its origin until it has been processed. Inlinable, as the plain dispatch path is.
  @inlinable
  func dispatch(_ tracked: any TrackedDispatch, through chain: Middleware<State>.Next?) {
    if !tracked.origin.isTracked {
      // Untracked (a saga's put, most often): whether a test probe tracks everything is read
      // under the lock that admits the action, so the put takes the lock once.
      let admission: Admission? = lock.withLock { core in
        if _slowPath(ledger.tracksAll) { return nil }
        if core.isDraining { return core.admit(.tracked(tracked), ledger: ledger) }
        core.startDraining()
        return .drain
      }
      if let admission {
        carryOut(admission, of: .tracked(tracked), through: chain)
        return
      }
    }
    let entry = ledger.begin(origin: tracked.origin, description: "action \(tracked.action)")
    submit(.tracked(TrackedAction.counting(tracked, as: entry)), through: chain)
  }

  /// Processes a tracked action; this thread drains. While it does, `processing` names it, so
  /// that the work it starts and the actions this thread queues carry its origin.
  @inlinable
  func process(_ tracked: any TrackedDispatch, through chain: Middleware<State>.Next?) {
    // Only this function sets `processing`, and it resets it before it returns, so it is
    // `Processing()` here: an untracked action that no `send` enqueued (a saga's put, most
    // often) leaves it unchanged, and skips the two lock acquisitions.
    let isMarked = tracked.origin.isTracked || tracked.isSent
    if isMarked { lock.withLock { $0.processing = Processing(tracked) } }
    if let chain { chain(tracked.action) } else { reduceAndNotify(tracked.action) }
    if isMarked { lock.withLock { $0.processing = Processing() } }
    // Completion first: work it resumes (a saga after its put) registers before the pending
    // entry ends, so the origin's count never drops to zero in between.
    tracked.actionProcessed()
    if let pending = tracked.pending { ledger.end(pending) }
  }

  @inlinable
  var processingOrigin: ActionOrigin { lock.withLock { $0.processing.origin } }

  /// Tells the test probe about the action just reduced and the state it committed; called by
  /// the probe's subscriber, first among the subscribers (tests only, so it may lock again).
  func report(committing state: State) {
    let (probe, probed) = lock.withLock { core in
      defer { core.probed = nil }
      return (core.probe, core.probed)
    }
    guard let probe, let probed else { return }
    probe(
      ProcessedAction(
        action: probed.action, origin: probed.processing.origin,
        isSent: probed.processing.isSent, state: state))
  }

  func installProbe(_ probe: @escaping @Sendable (ProcessedAction<State>) -> Void) {
    // A subscriber first in line: the commit paths notify only when there are subscribers, so
    // the probe costs nothing on a store without one.
    let subscriber = StateSubscriber<State>(
      onChange: { [unowned(unsafe) self] state in self.report(committing: state) },
      onFinish: nil)
    let hadProbe = lock.withLock { core in
      defer {
        core.probe = probe
        ledger.trackAll()
        core.subscribers.insert(subscriber, at: 0)
      }
      return core.probe != nil
    }
    precondition(!hadProbe, "A store takes one test probe: wrap it in one TestStore only.")
  }

  @usableFromInline
  func start(_ subscriber: Subscriber<State>) {
    let state: State? = lock.withLock { core in
      guard !subscriber.isRemoved else { return nil }
      core.subscribers.append(subscriber)
      return core.state
    }
    if let state { subscriber.start(state) }
  }

  /// Called when the store is released: drops the subscribers and ends their async sequences.
  func shutdown() {
    let subscribers = lock.withLock { core in
      defer { core.subscribers = [] }
      return core.subscribers
    }
    for subscriber in subscribers { subscriber.finish() }
  }

  deinit {
    // Tracked actions still queued when the last reference went will never be processed:
    // release whoever waits for them.
    let left = lock.withLock { $0.queue.removeAll() }
    for case .tracked(let tracked) in left {
      tracked.actionProcessed()
      if let pending = tracked.pending { ledger.end(pending) }
    }
  }
}
