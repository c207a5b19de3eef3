import Foundation
import ReduxCore
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
/// devTools.skip(0)           // count recomputed without the first action: 0
/// ```
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
/// With recording off, the middleware costs what a pass-through middleware costs (one atomic
/// read more). With it on, it also copies the state into the history and reads the clock; the history is a ring of
/// `capacity` entries, so its memory is bounded (see `docs/devtools.md` for the figures).
public final class DevTools<State: Sendable>: Sendable {
  // The recording path (`middleware`) is @inlinable, so that it is specialized for State in the
  // caller's module: generic, it cost several times its own work per action.
  @usableFromInline let history: Lock<History<State>>
  /// Read on every action, so an atomic rather than behind the history's lock: with recording
  /// off the middleware then costs what a pass-through middleware costs.
  @usableFromInline let recordingSwitch: Atomic<Bool>
  private let reducer: Reducer<State>
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
    history = Lock(History(capacity: capacity))
    recordingSwitch = Atomic(isRecording)
    self.reducer = reducer
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
        let isRecording = self.recordingSwitch.load(ordering: .relaxed)
        next(action)
        guard isRecording else { return }
        let entry = RecordedAction(
          action: action, state: context.state, timestamp: self.now())
        self.history.withLock { $0.record(entry) }
      }
    )
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

  /// Whether new actions are recorded; while it is `false` they are reduced but not kept.
  ///
  /// Turning recording off leaves the history as it is; time travel still works on it.
  public var isRecording: Bool {
    get { recordingSwitch.load(ordering: .relaxed) }
    set { recordingSwitch.store(newValue, ordering: .relaxed) }
  }

  /// The most entries the history keeps.
  public var capacity: Int { history.withLock { $0.capacity } }

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

  /// Makes the store show the state at `step`: 0 is the base state, `i` the state after the
  /// `i`th kept entry, and the entry count is the latest state.
  ///
  /// Applied in order with the store's queued work; subscribers are notified. On an idle
  /// store the state has changed when this returns.
  ///
  /// A step outside the history is clamped to it when the jump is applied: below 0 shows the
  /// base state, past the last entry the latest state. The history can change between reading
  /// it and jumping (another thread dispatches, a queued ``commit()`` clears it), so a step
  /// that was in range when read is an ordinary input here, never an error.
  public func jump(toStep step: Int) {
    travel { history in
      let step = min(max(step, 0), history.count)
      history.position = step == history.count ? nil : step
    }
  }

  /// Makes the store show the latest recorded state again.
  public func jumpToLatest() {
    travel { history in history.position = nil }
  }

  /// Takes the entry at `index` out of the computed states: the later states are recomputed by
  /// re-reducing every action that is not skipped, and the store shows the recomputed state
  /// at its current step.
  ///
  /// An index that is not a kept entry's when the change is applied (the history was cleared
  /// or moved on since it was read) changes nothing.
  public func skip(_ index: Int) {
    setSkipped(index, true)
  }

  /// Puts a skipped entry back into the computed states, recomputing the later ones.
  ///
  /// An index that is not a kept entry's when the change is applied changes nothing.
  public func include(_ index: Int) {
    setSkipped(index, false)
  }

  private func setSkipped(_ index: Int, _ isSkipped: Bool) {
    let reducer = reducer
    travel { history in
      guard (0..<history.count).contains(index), history[index].isSkipped != isSkipped else {
        return
      }
      history[index].isSkipped = isSkipped
      history.recompute(from: index, with: reducer)
    }
  }

  /// Keeps the state the store shows and clears the history: that state becomes the base.
  public func commit() {
    travel { history in
      history.baseState = history.state(atStep: history.currentStep)
      history.replaceEntries(with: [])
      history.position = nil
    }
  }

  /// Returns the store to the base state (the last commit, or the state when recording began)
  /// and clears the history.
  public func rollback() {
    travel { history in
      history.replaceEntries(with: [])
      history.position = nil
    }
  }

  /// Returns the store to its state when the middleware was attached and clears the history.
  public func reset() {
    travel { history in
      history.baseState = history.initialState
      history.replaceEntries(with: [])
      history.position = nil
    }
  }

  /// Replaces the history with an imported recording and makes the store show its latest
  /// state, so that you can travel through a session recorded elsewhere.
  ///
  /// Only the last ``capacity`` entries are kept.
  public func load(_ recording: Recording<State>) {
    travel { history in
      history.baseState = recording.initialState
      history.replaceEntries(with: recording.entries)
      history.position = nil
    }
  }

  /// Changes the history, then sets the store's state to the one at the current step, as one
  /// step of the store's queue.
  private func travel(_ change: @escaping @Sendable (inout History<State>) -> Void) {
    let context = history.withLock { $0.context }
    guard let context else {
      preconditionFailure("Add devTools.middleware to a store before time travelling")
    }
    // The store's lock is held around this closure and the history's lock taken inside it;
    // the middleware never holds both, so the two cannot deadlock.
    context.replaceState { [self] state in
      self.history.withLock { history in
        change(&history)
        if let shown = history.state(atStep: history.currentStep) { state = shown }
      }
    }
  }
}

/// The time for a recorded entry: on Linux the kernel's coarse wall clock, which it keeps
/// without reading the hardware clock (about 8 ns here, against about 50 ns for `Date()` on a
/// virtual machine whose clock source is slow); its resolution, one scheduler tick (1–4 ms), is
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
