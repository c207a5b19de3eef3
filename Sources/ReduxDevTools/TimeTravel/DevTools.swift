import Foundation
import ReduxCore
import ReduxSeam
import Synchronization

/// Records a store's actions with the state after each, and travels through them: jump to any
/// recorded state, skip or re-enable an action, commit, reset.
///
/// Add ``middleware`` to the store, last in the array so that it records exactly the actions
/// the reducer receives:
///
/// ```swift
/// import ReduxCore
/// import ReduxDevTools
///
/// struct Counter: Sendable, Codable, Equatable { var count = 0 }
/// struct Increment: Action, Codable {}
/// let reducer = Reducer<Counter>.on(Increment.self) { state, _ in state.count += 1 }
///
/// let devTools = DevTools(reducer: reducer, capacity: 1_000)
/// let store = Store(initialState: Counter(), reducer: reducer, middleware: [devTools.middleware])
/// store.dispatch(Increment())
/// store.dispatch(Increment())
/// devTools.jump(toStep: 1)   // store.state.count == 1
/// devTools.skip(step: 1)     // count recomputed without the first action: 0
/// ```
///
/// ## Steps
/// Every number that names a point of the history is a step, counted the same way in the
/// API, the pages and the docs: step 0 is the base state (before the oldest kept action), and
/// step `i` is the `i`th kept action together with the state right after it. So the first
/// action is step 1, as on the pages' cards, and `skip(step: 1)` skips the action that
/// `jump(toStep: 1)` shows the result of.
///
/// ## Time travel and side effects
/// Time travel changes the store's committed state directly, through the store's queue: it is
/// applied in order with the work already dispatched, and subscribers (and async sequences,
/// and observers) see the new state. No action is dispatched, so no middleware sees anything:
/// sagas take nothing, effects and commands are not run again, and nothing is recorded.
///
/// ## Dispatching while in the past
/// An action reduced while the store shows a past step starts a new branch there: the entries
/// after that step are dropped, so every kept state always follows from the one before it.
///
/// ## Cost
/// With recording off, the middleware costs what a pass-through middleware costs (two atomic
/// reads more). With it on, it also copies the state into the history, reads the clock and the
/// store's time-travel mark (one atomic read); the history is a ring of `capacity` entries, so its memory is bounded. A live inspector
/// (``serve(registry:host:port:options:logger:)``) adds one atomic exchange per action: the
/// inspector reads the history on its own task (see `docs/devtools.md` for the figures).
public final class DevTools<State: Sendable>: Sendable {
  // The recording path (`middleware`) is @inlinable, so that it is specialized for State in the
  // caller's module: generic, it cost several times its own work per action.
  @usableFromInline let history: Lock<History<State>>
  /// Read on every action, so an atomic rather than behind the history's lock: with recording
  /// off the middleware then costs what a pass-through middleware costs.
  @usableFromInline let recordingSwitch: Atomic<Bool>
  /// While set, the middleware drops every action (``isLocked``).
  @usableFromInline let lockSwitch: Atomic<Bool>
  @usableFromInline let ignoredCount: Atomic<Int>
  @usableFromInline let now: @Sendable () -> Date

  /// Creates a recorder and time-travel controller for stores of `State`.
  ///
  /// - Parameters:
  ///   - reducer: The store's reducer; skipping an action re-reduces the later ones with it.
  ///   - capacity: How many entries the history keeps; older ones are folded into the base
  ///     state. Must be at least 1.
  ///   - isRecording: Whether to record from the start; see ``isRecording``.
  ///   - now: The clock for each entry's timestamp; inject a fixed one in tests. The default
  ///     reads the system's coarse wall clock on Linux (a few milliseconds' resolution, a fifth
  ///     of the cost of `Date()` per action) and `Date()` elsewhere.
  public init(
    reducer: Reducer<State>,
    capacity: Int = 1_000,
    isRecording: Bool = true,
    now: @escaping @Sendable () -> Date = coarseWallClock
  ) {
    precondition(capacity > 0, "DevTools capacity must be at least 1; pass capacity: 1 or more")
    history = Lock(History(capacity: capacity, reducer: reducer))
    recordingSwitch = Atomic(isRecording)
    lockSwitch = Atomic(false)
    ignoredCount = Atomic(0)
    self.now = now
  }

  /// The middleware that records each action and the state after it; add it to one store,
  /// last in its middleware array.
  ///
  /// Adding it to a second store stops with a message: one `DevTools` follows one store.
  @inlinable
  public var middleware: Middleware<State> {
    Middleware(
      onAttach: { [self] context in self.attach(to: context) },
      { [self] context, action, next in
        if self.lockSwitch.load(ordering: .relaxed) {
          self.ignoredCount.add(1, ordering: .relaxed)
          return
        }
        let isRecording = self.recordingSwitch.load(ordering: .relaxed)
        // An action reduced while the store shows the past starts a new branch: the state it
        // reaches is the app's own, unless a skipped action or a loaded recording is under it.
        if isRecording && context.isTimeTravelling { self.markBranch(context) }
        next(action)
        guard isRecording else { return }
        let state = context.state
        let timestamp = self.now()
        let listener = self.history.withLock { history in
          history.record(action, state: state, timestamp: timestamp)
          return history.listener
        }
        listener?.notify()
      }
    )
  }

  /// Clears the store's time-travel mark before an action branches the history, unless the
  /// branch still stands on a state the app did not reach.
  @usableFromInline
  func markBranch(_ context: MiddlewareContext<State>) {
    let isAway = history.withLock { $0.isAwayAfterBranching }
    context.timeTravel.set(.history, isAway)
  }

  @usableFromInline
  func attach(to context: MiddlewareContext<State>) {
    history.withLock { history in
      precondition(
        history.context == nil,
        "This DevTools is already attached to a store; create one DevTools per store")
      history.context = context
      history.initialState = context.state
      history.baseState = context.state
    }
  }

  /// Whether new actions are recorded; while it is `false` they are reduced but not kept
  /// (Redux DevTools' pause).
  ///
  /// Turning recording off leaves the history as it is; time travel still works on it. The
  /// store's state moves on without the history, so the next recorded entry's state includes
  /// what the unrecorded actions changed.
  public var isRecording: Bool {
    get { recordingSwitch.load(ordering: .relaxed) }
    set {
      recordingSwitch.store(newValue, ordering: .relaxed)
      history.withLock { $0.listener }?.notify()
    }
  }

  /// Whether changes are locked (Redux DevTools' lock): while it is `true` the middleware drops
  /// every action, so the store's state stays as it is while you inspect it.
  ///
  /// The dropped actions are not reduced and not recorded; middleware before DevTools in the
  /// store's array has already seen them. ``ignoredWhileLocked`` counts them. Time travel
  /// still works while locked.
  public var isLocked: Bool {
    get { lockSwitch.load(ordering: .relaxed) }
    set {
      lockSwitch.store(newValue, ordering: .relaxed)
      let (listener, context) = history.withLock { ($0.listener, $0.context) }
      context?.timeTravel.set(.locked, newValue)
      listener?.notify()
    }
  }

  /// How many actions the middleware has dropped because changes were locked.
  public var ignoredWhileLocked: Int { ignoredCount.load(ordering: .relaxed) }

  /// The kept history as a value: the base state and the entries, oldest first.
  ///
  /// Before the middleware is attached there is no state to start from, so this stops with a
  /// message; add ``middleware`` to a store first.
  public var recording: Recording<State> {
    history.withLock { history in
      guard let base = history.baseState else {
        preconditionFailure("Add devTools.middleware to a store before reading its recording")
      }
      return Recording(initialState: base, entries: history.entries)
    }
  }

  /// The step the store shows: 0 for the base state, `i` for the state after the `i`th kept
  /// entry; equal to the number of entries while the store shows the latest state.
  public var currentStep: Int { history.withLock { $0.currentStep } }

  /// Changes the history, then sets the store's state to the one at the current step, as one
  /// step of the store's queue; a listening inspector is told.
  ///
  /// `event`, when given, is what a live inspector shows as the last change ("swept 2 skipped
  /// actions"); operations whose result shows on the page by itself give none.
  func travel(_ event: String? = nil, _ change: @escaping @Sendable (inout History<State>) -> Void)
  {
    let context = history.withLock { $0.context }
    guard let context else {
      preconditionFailure("Add devTools.middleware to a store before time travelling")
    }
    // The store's lock is held around this closure and the history's lock taken inside it;
    // the middleware never holds both, so the two cannot deadlock.
    context.replaceState { [self] state in
      let listener = self.history.withLock { history in
        change(&history)
        history.revision += 1
        if let event { history.lastEvent = event }
        if let shown = history.state(atStep: history.currentStep) { state = shown }
        // Before subscribers hear of the state: an observer that saves it knows not to.
        context.timeTravel.set(.history, history.isAway)
        return history.listener
      }
      listener?.notify()
    }
  }

  /// Dispatches `action` to the store this DevTools is attached to, through its middleware.
  func dispatch(_ action: any Action) {
    history.withLock { $0.context }?.dispatch(action)
  }
}

/// The time for a recorded entry: on Linux the kernel's coarse wall clock, which it keeps
/// without reading the hardware clock (`Date()` reads it, which is slow on a virtual machine;
/// ModuleProfile's `devtools-1000`); its resolution, one scheduler tick (1–4 ms), is
/// enough to place an action on a timeline, and entries keep their order by position anyway.
@usableFromInline @Sendable
func coarseWallClock() -> Date {
  #if os(Linux)
    var time = timespec()
    clock_gettime(CLOCK_REALTIME_COARSE, &time)
    return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
  #else
    return Date()
  #endif
}
