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
  case subscribe(Subscriber<State>)
}

/// What the lock guards.
@usableFromInline
struct StoreCore<State: Sendable> {
  @usableFromInline var state: State
  /// In subscription order. In a long list a cancelled subscriber is only marked; the marked
  /// ones are removed together at the next notification, or when they are half of the list.
  /// So cancelling is O(1) amortized, where removing each one at once scanned the list
  /// (10,000 tokens took 18 s).
  @usableFromInline var subscribers: [Subscriber<State>] = []
  /// Subscribers marked removed since the list was last compacted.
  @usableFromInline var cancelledSubscribers = 0
  @usableFromInline var isDraining = false
  @usableFromInline var queue = FIFOQueue<StoreWork<State>>()

  init(state: State) {
    self.state = state
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
  @usableFromInline let reducer: @Sendable (inout State, any Action) -> Void
  /// The end of the middleware chain compiled for State. Store.init (generic, in this module)
  /// builds the chain, so its end calls the generic ``reduceAndNotify(_:)``; the first
  /// dispatch through the chain from code specialized for State sets this to that code's copy,
  /// and ``reduceAndNotify(_:)`` forwards to it from then on.
  // nonisolated(unsafe): read and written only by the draining thread; the lock hands that
  // role from thread to thread.
  @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) var specializedEnd:
    (@Sendable (any Action) -> Void)?

  init(state: State, reducer: Reducer<State>) {
    lock = Lock(
      StoreCore(state: state),
      reentry: """
        a reducer used its own store: it read store.state, dispatched, subscribed or cancelled \
        a subscription (perhaps from the deinit of a value it replaced in the state). Reducers \
        are pure; dispatch from a middleware, a subscriber or an effect instead.
        """)
    self.reducer = reducer.body
  }

  var state: State { lock.withLock { $0.state } }

  /// Dispatch without middleware: one lock acquisition when nobody listens and nothing is queued.
  @inlinable
  func dispatch(_ action: any Action) {
    let notification: (State, [Subscriber<State>])? = lock.withLock { core in
      if core.isDraining {
        core.queue.append(.action(action))
        return nil
      }
      reducer(&core.state, action)
      guard let subscribers = core.subscribersToNotify() else { return nil }
      core.isDraining = true
      return (core.state, subscribers)
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
        core.queue.append(.action(action))
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
      reducer(&core.state, action)
      guard let subscribers = core.subscribersToNotify() else { return nil }
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

  /// Ends a subscription: O(1) amortized. Inlinable so that the list is compacted by code
  /// specialized for State (unspecialized, each element visited cost about 360 ns).
  @inlinable
  func unsubscribe(_ subscriber: Subscriber<State>) {
    subscriber.deactivate()
    lock.withLock { core in
      guard !subscriber.isRemoved else { return }
      subscriber.isRemoved = true
      core.cancelledSubscribers += 1
      // Until then a marked subscriber is skipped by its own `isActive` check.
      if core.subscribers.count <= 64 || core.cancelledSubscribers * 2 >= core.subscribers.count {
        core.removeCancelledSubscribers()
      }
    }
  }

  /// Processes queued work until the queue is empty, then gives up the draining role.
  @inlinable
  func drain(through chain: Middleware<State>.Next?) {
    while true {
      let work: StoreWork<State>? = lock.withLock { core in
        if let work = core.queue.removeFirst() { return work }
        core.isDraining = false
        return nil
      }
      switch work {
      case nil:
        return
      case .action(let action)?:
        if let chain { chain(action) } else { reduceAndNotify(action) }
      case .subscribe(let subscriber)?:
        start(subscriber)
      }
    }
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
}
