import ReduxSeam

/// The single source of truth for a state: it reduces dispatched actions into the state, one
/// at a time, and tells subscribers about each new state.
///
/// ```swift
/// struct Counter: Sendable { var count = 0 }
/// struct Increment: Action {}
///
/// let store = Store(
///   initialState: Counter(),
///   reducer: .on(Increment.self) { state, _ in state.count += 1 }
/// )
/// let subscription = store.subscribe(select: \.count) { print("count:", $0) }  // count: 0
/// store.dispatch(Increment())                                                   // count: 1
/// ```
///
/// ## Threads and order
/// A store is `Sendable`: use it from any thread or task.
/// - Actions are reduced one at a time, in the order their dispatches were accepted; none is
///   lost.
/// - A dispatch made while an action is being processed (from a middleware, a subscriber, or
///   another thread) is queued. The thread processing, the *drainer*, runs it in order. A
///   dispatch from the drainer's own middleware and subscribers returns at once and is processed
///   before the drainer's outermost `dispatch` returns; so `dispatch` never deadlocks and never
///   recurses.
/// - On an idle store, `dispatch` has reduced the action and notified every subscriber when it
///   returns.
/// - Subscribers are called on the thread that processes the action, one at a time, each with
///   values in the order the states were committed.
///
/// ## Under load
/// One `dispatch` call does a bounded amount of other threads' work (the drainer hands its role
/// over after 256 queued items), the queue's memory is bounded (a thread that is not draining
/// waits while 1,024 items are queued) and given back, and a draining thread never waits. So a
/// callback must not block until another thread's `dispatch` returns. `docs/concurrency.md`,
/// "Under load", states the rules exactly.
///
/// ## Reducers are pure
/// A reducer gets the state and the action, and nothing else. A reducer that uses its own store
/// (reads ``state``, dispatches, subscribes, or cancels a ``Subscription``, for instance from the
/// `deinit` of a value it removes from the state) stops the program with a precondition failure
/// that says so, instead of deadlocking: dispatch from a middleware, a subscriber or an effect
/// instead.
///
/// ## Cost
/// The reducer changes the state in place under the store's lock, so a large part of the state
/// that an action does not touch is never copied. With no middleware and no subscribers, a
/// dispatch takes the lock once and allocates nothing for a small action.
///
/// ## Lifetime
/// Releasing the store releases its middleware and subscribers, and ends its async sequences.
/// Subscription tokens, middleware contexts and ReduxUI's view stores do not keep it alive in a
/// cycle.
public final class Store<State: Sendable>: Sendable {
  @usableFromInline let engine: StoreEngine<State>
  /// The middleware chain ending in the reducer; `nil` when there is no middleware.
  @usableFromInline let chain: Middleware<State>.Next?
  /// The engine, weakly, for this store's subscribers to cancel through.
  @usableFromInline let engineReference: EngineReference<State>

  /// Creates a store with an initial state, a reducer and, optionally, middleware.
  ///
  /// Inlinable: the middleware chain is built where `State` is known, so each action it passes
  /// on reaches a reducer call specialized for `State` (see ``Store``, "Cost").
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Applies each action to the state.
  ///   - middleware: Steps that see each action before the reducer, first to last.
  ///   - onRuntimeWarning: Receives the ``RuntimeWarning``s the reducer reports (an action
  ///     addressed to a child that is gone, for one), on the thread that reduces; route them to
  ///     your logger. Without it they go to standard error.
  @inlinable
  public convenience init(
    initialState: State,
    reducer: Reducer<State>,
    middleware: [Middleware<State>] = [],
    onRuntimeWarning: (@Sendable (RuntimeWarning) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, reducer: reducer, followUps: nil, middleware: middleware,
      onRuntimeWarning: onRuntimeWarning)
  }

  /// A store whose reducer may leave follow-ups in `followUps`, started once each action is
  /// committed (ReduxSeam's FollowUp.swift): a command reducer's store. The slot keeps its
  /// module's runner until the store is released.
  @inlinable
  package init(
    initialState: State,
    reducer: Reducer<State>,
    followUps: FollowUpSlot?,
    middleware: [Middleware<State>],
    onRuntimeWarning: (@Sendable (RuntimeWarning) -> Void)?
  ) {
    let engine = StoreEngine(
      state: initialState, reducer: reducer,
      warnings: onRuntimeWarning.map(RuntimeWarningHandler.init), followUps: followUps)
    let weakStore = WeakStore(engine: engine)
    let context = MiddlewareContext(store: weakStore)
    self.engine = engine
    engineReference = EngineReference(engine)
    if middleware.isEmpty {
      chain = nil
    } else {
      var next: Middleware<State>.Next = { action in engine.reduceAndNotify(action) }
      for step in middleware.reversed() {
        let rest = next
        let body = step.body
        next = { action in body(context, action, rest) }
      }
      chain = next
    }
    weakStore.value = self
    // Only now can the context dispatch: middleware may start work (a saga runtime) at once.
    for step in middleware { step.onAttach?(context) }
  }

  deinit {
    engine.shutdown()
  }

  /// The latest committed state.
  ///
  /// Reading it takes the store's lock briefly; it never waits for subscribers. Reading it from
  /// inside this store's reducer stops the program with a precondition failure (reducers get
  /// the state as their argument).
  public var state: State { engine.state }

  /// Sends an action through the middleware to the reducer, then notifies subscribers.
  ///
  /// Safe from any thread. If the store is already processing an action, this one is queued
  /// and processed after it, in order; otherwise the action has been reduced and every
  /// subscriber notified when `dispatch` returns. A queued dispatch returns at once, except on
  /// an overloaded store, where a thread that is not processing may wait for room in the queue
  /// or take over the processing (see "Under load" above).
  @inlinable
  public func dispatch(_ action: any Action) {
    if let chain {
      engine.dispatch(action, through: chain)
    } else {
      engine.dispatch(action)
    }
  }

  /// Calls `onChange` with the current state, then with every newly committed state.
  ///
  /// The callback runs on the thread that processed the action; it may dispatch (the action is
  /// queued), subscribe or cancel. It is called with the current state before `subscribe`
  /// returns when the store is idle; when it is subscribed during processing, its first value
  /// comes after the work already queued.
  ///
  /// - Parameter onChange: Called with each state, in commit order.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe(_ onChange: @escaping @Sendable (_ state: State) -> Void) -> Subscription {
    subscribe(StateSubscriber(onChange: onChange, onFinish: nil))
  }

  /// Calls `onChange` with a value selected from the state now, and again each time that value
  /// changes.
  ///
  /// States whose selected value equals the last one delivered are skipped, so a subscription
  /// to one field is not called when another field changes:
  ///
  /// ```swift
  /// let token = store.subscribe(select: \.user.name) { name in print("name:", name) }
  /// ```
  ///
  /// - Parameters:
  ///   - select: Picks the value out of the state; keep it cheap, it runs for every action.
  ///   - onChange: Called with the first value and each changed value, in commit order.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    select: @escaping @Sendable (_ state: State) -> Value,
    _ onChange: @escaping @Sendable (_ value: Value) -> Void
  ) -> Subscription {
    subscribe(SelectSubscriber(select: select, onChange: onChange, onFinish: nil))
  }

  /// Calls `onChange` with a value selected from the state now, and again each time `isEqual`
  /// says it differs from the last value delivered: selector subscriptions for values that are
  /// not `Equatable`, or that should be compared another way (ReSwift's `skipRepeats`).
  ///
  /// ```swift
  /// struct Profile: Sendable { var name: String; var avatar: Image }  // not Equatable
  /// let token = store.subscribe(
  ///   select: \.profile,
  ///   isEqual: { $0.name == $1.name },
  ///   { profile in render(profile) }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - select: Picks the value out of the state; keep it cheap, it runs for every action.
  ///   - isEqual: Whether two selected values count as the same, so the second is skipped. It
  ///     is called with the last value delivered and the new one, on the thread that processes
  ///     the action; keep it cheap and pure.
  ///   - onChange: Called with the first value and each value `isEqual` calls different, in
  ///     commit order.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value: Sendable>(
    select: @escaping @Sendable (_ state: State) -> Value,
    isEqual: @escaping @Sendable (_ previous: Value, _ next: Value) -> Bool,
    _ onChange: @escaping @Sendable (_ value: Value) -> Void
  ) -> Subscription {
    subscribe(
      SelectSubscriber(select: select, isEqual: isEqual, onChange: onChange, onFinish: nil))
  }

  /// Replaces the store's reducer and keeps the current state, as Redux's `replaceReducer`:
  /// for code splitting (a feature's reducer added once its code is loaded) and hot reload.
  ///
  /// ```swift
  /// store.replaceReducer(.combine(appReducer, settingsReducer.lift(\.settings)))
  /// ```
  ///
  /// The new reducer takes effect for the next action the store reduces: every action reduced
  /// after `replaceReducer` returns goes through it, including actions that were already queued
  /// or passing through middleware when it was called. An action being reduced at that moment
  /// on another thread finishes with the old reducer. The state is kept as it is, nothing is
  /// dispatched and subscribers are not called; dispatch an action of your own afterwards if the
  /// new reducer needs to set up its part of the state.
  ///
  /// Safe from any thread, and from middleware and subscribers. Do not call it from inside the
  /// store's reducer (reducers do not get the store).
  public func replaceReducer(_ reducer: Reducer<State>) {
    engine.replaceReducer(reducer)
  }

  @inlinable
  func subscribe(_ subscriber: Subscriber<State>) -> Subscription {
    subscriber.handle.engineReference = engineReference
    let token = Subscription(subscriber: subscriber.handle)
    engine.subscribe(subscriber, through: chain)
    return token
  }

  /// The work queued for the drainer now, and the room the queue holds without allocating;
  /// for tests of the store's limits under load.
  var queueUsage: (count: Int, capacity: Int) {
    engine.lock.withLock { ($0.machine.queueCount, $0.machine.queue.capacity) }
  }
}
