// The store's state, queue and subscribers, behind one lock.
//
// Processing model: at most one thread at a time "drains" the store. A dispatch on an idle
// store makes the calling thread the drainer: it reduces, notifies, then processes whatever was
// queued meanwhile, and returns when the queue is empty. A dispatch that arrives while another
// dispatch is being processed (from a middleware, a subscriber, or another thread) is appended
// to the queue and returns at once; the drainer processes it in order. So actions are reduced
// one at a time in the order they were accepted, none is lost, no thread waits for another
// thread's subscriber, and nothing recurses.
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
  case tracked(TrackedAction)
  case subscribe(Subscriber<State>)
  /// A direct change to the committed state (see MiddlewareContext+TimeTravel.swift).
  case replaceState(@Sendable (inout State) -> Void)
}

/// What the lock guards.
@usableFromInline
struct StoreCore<State: Sendable> {
  @usableFromInline var state: State
  /// Read under the lock for each action, so ``StoreBox/replaceReducer(_:)`` takes effect for
  /// the next action reduced, on whichever thread reduces it.
  @usableFromInline var reducer: @Sendable (inout State, any Action) -> Void
  @usableFromInline var subscribers: [Subscriber<State>] = []
  @usableFromInline var isDraining = false
  @usableFromInline var queue = FIFOQueue<StoreWork<State>>()
  /// The tracked action being processed; actions queued meanwhile inherit its origin.
  @usableFromInline var processing = Processing()
  /// Set by a test probe: every action and piece of work is tracked.
  @usableFromInline var tracksAll = false
  @usableFromInline var probe: (@Sendable (ProcessedAction<State>) -> Void)?
  /// The action the probe subscriber reports next, and its origin.
  @usableFromInline var probed: (action: any Action, processing: Processing)?

  init(state: State, reducer: @escaping @Sendable (inout State, any Action) -> Void) {
    self.state = state
    self.reducer = reducer
  }
}

/// Holds everything a store processes; ``MiddlewareContext`` keeps it to read state without
/// keeping the store alive.
@usableFromInline
final class StoreBox<State: Sendable>: Sendable {
  @usableFromInline let lock: Lock<StoreCore<State>>
  /// The work in flight that `send`s and test probes await.
  @usableFromInline let ledger = WorkLedger()
  /// The end of the middleware chain compiled for State. Store.init (generic, in this module)
  /// builds the chain, so its end calls the generic ``reduceAndNotify(_:)``; the first
  /// dispatch through the chain from code specialized for State sets this to that code's copy,
  /// and ``reduceAndNotify(_:)`` forwards to it from then on.
  // nonisolated(unsafe): read and written only by the draining thread; the lock hands that
  // role from thread to thread.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var specializedEnd:
    (@Sendable (any Action) -> Void)?

  init(state: State, reducer: Reducer<State>) {
    lock = Lock(StoreCore(state: state, reducer: reducer.body))
  }

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
    let notification: (State, [Subscriber<State>])? = lock.withLock { core in
      if core.isDraining {
        enqueue(action, into: &core)
        return nil
      }
      core.reducer(&core.state, action)
      if core.subscribers.isEmpty { return nil }
      core.isDraining = true
      if core.probe != nil { core.probed = (action, core.processing) }
      return (core.state, core.subscribers)
    }
    guard let (state, subscribers) = notification else { return }
    notify(subscribers, of: state)
    drain(through: nil)
  }

  /// Dispatch through a middleware chain that ends in ``reduceAndNotify(_:)``.
  @inlinable
  func dispatch(_ action: any Action, through chain: @escaping Middleware<State>.Next) {
    let isIdle = lock.withLock { core in
      if core.isDraining {
        enqueue(action, into: &core)
        return false
      }
      core.isDraining = true
      return true
    }
    guard isIdle else { return }
    // `_isConcrete` is true only in a copy of this code specialized for a concrete State: a
    // generic caller (a module's generic middleware, MiddlewareContext.dispatch) must not
    // install the generic end and keep every later dispatch on the slow path.
    if specializedEnd == nil && _isConcrete(State.self) {
      // Unretained: the box owns this closure, so it never outlives the box; and retaining the
      // box (weakly referenced by tokens) would take the runtime's slow path on each action.
      let box = Unmanaged.passUnretained(self)
      specializedEnd = { action in
        box._withUnsafeGuaranteedRef { $0.reduceAndNotifyHere(action) }
      }
    }
    chain(action)
    drain(through: chain)
  }

  /// The end of every middleware chain: reduce in place, then notify outside the lock.
  @inlinable
  func reduceAndNotify(_ action: any Action) {
    if let specializedEnd {
      specializedEnd(action)
    } else {
      reduceAndNotifyHere(action)
    }
  }

  @inlinable
  func reduceAndNotifyHere(_ action: any Action) {
    let notification: (State, [Subscriber<State>])? = lock.withLock { core in
      core.reducer(&core.state, action)
      if core.subscribers.isEmpty { return nil }
      if core.probe != nil { core.probed = (action, core.processing) }
      return (core.state, core.subscribers)
    }
    guard let (state, subscribers) = notification else { return }
    notify(subscribers, of: state)
  }

  /// Queues an action behind the one being processed, as part of its origin's work when that
  /// is tracked. Out of line: the idle path stays small enough to inline into the caller.
  @usableFromInline
  func enqueue(_ action: any Action, into core: inout StoreCore<State>) {
    guard core.processing.origin.isTracked || core.tracksAll else {
      core.queue.append(.action(action))
      return
    }
    let origin = core.processing.origin
    let pending = ledger.begin(origin: origin, description: "queued action \(action)")
    core.queue.append(
      .tracked(
        TrackedAction(
          action: action, origin: origin, isSent: false, onProcessed: nil, pending: pending)))
  }

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
  func subscribe(_ subscriber: Subscriber<State>, through chain: Middleware<State>.Next?) {
    let state: State? = lock.withLock { core in
      if core.isDraining {
        core.queue.append(.subscribe(subscriber))
        return nil
      }
      core.isDraining = true
      core.subscribers.append(subscriber)
      return core.state
    }
    guard let state else { return }
    subscriber.start(state)
    drain(through: chain)
  }

  func unsubscribe(_ subscriber: Subscriber<State>) {
    subscriber.deactivate()
    lock.withLock { core in core.subscribers.removeAll { $0 === subscriber } }
  }

  /// Processes queued work until the queue is empty, then gives up the draining role.
  @inlinable
  func drain(through chain: Middleware<State>.Next?) {
    while true {
      let work: StoreWork<State>? = lock.withLock { core in
        if let work = core.queue.removeFirst() {
          if case .tracked(let tracked) = work { core.processing = Processing(tracked) }
          return work
        }
        core.isDraining = false
        return nil
      }
      switch work {
      case nil:
        return
      case .action(let action)?:
        if let chain { chain(action) } else { reduceAndNotify(action) }
      case .tracked(let tracked)?:
        process(tracked, through: chain)
      case .subscribe(let subscriber)?:
        start(subscriber)
      case .replaceState(let change)?:
        replaceAndNotify(change)
      }
    }
  }

  /// Dispatches an action that carries an origin or a completion: queued behind the current
  /// work, or processed now on an idle store.
  func dispatch(_ tracked: TrackedAction, through chain: Middleware<State>.Next?) {
    let isIdle = lock.withLock { core in
      if core.isDraining {
        if tracked.origin.isTracked || core.tracksAll {
          let entry = ledger.begin(
            origin: tracked.origin, description: "queued action \(tracked.action)")
          core.queue.append(.tracked(tracked.counted(as: entry)))
        } else {
          core.queue.append(.tracked(tracked))
        }
        return false
      }
      core.isDraining = true
      core.processing = Processing(tracked)
      return true
    }
    guard isIdle else { return }
    process(tracked, through: chain)
    drain(through: chain)
  }

  /// Processes a tracked action; this thread drains, and `processing` names the action.
  @usableFromInline
  func process(_ tracked: TrackedAction, through chain: Middleware<State>.Next?) {
    if let chain { chain(tracked.action) } else { reduceAndNotify(tracked.action) }
    lock.withLock { $0.processing = Processing() }
    // Completion first: work it resumes (a saga after its put) registers before the pending
    // entry ends, so the origin's count never drops to zero in between.
    tracked.onProcessed?()
    if let pending = tracked.pending { ledger.end(pending) }
  }

  var processingOrigin: ActionOrigin { lock.withLock { $0.processing.origin } }

  var tracksAll: Bool { lock.withLock { $0.tracksAll } }

  func installProbe(_ probe: @escaping @Sendable (ProcessedAction<State>) -> Void) {
    // A subscriber first in line: the commit paths notify only when there are subscribers, so
    // the probe costs nothing on a store without one.
    let subscriber = StateSubscriber<State>(
      onChange: { [unowned(unsafe) self] state in self.report(committing: state) },
      onFinish: nil)
    let hadProbe = lock.withLock { core in
      defer {
        core.probe = probe
        core.tracksAll = true
        core.subscribers.insert(subscriber, at: 0)
      }
      return core.probe != nil
    }
    precondition(!hadProbe, "A store takes one test probe: wrap it in one TestStore only.")
  }

  @usableFromInline
  func start(_ subscriber: Subscriber<State>) {
    let state: State? = lock.withLock { core in
      guard subscriber.isActive else { return nil }
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
    // Tracked actions still queued when the last reference went (the store was released while
    // another thread drained it) will never be processed: release whoever waits for them.
    let left = lock.withLock { $0.queue.removeAll() }
    for case .tracked(let tracked) in left {
      tracked.onProcessed?()
      if let pending = tracked.pending { ledger.end(pending) }
    }
  }
}
