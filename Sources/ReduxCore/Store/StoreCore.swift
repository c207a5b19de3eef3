import ReduxSeam

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

  /// Installs `reducer` (wrapped for ``warnings``); returns the closure it replaced, to be
  /// released outside the lock (its captures may do anything in deinit).
  mutating func replaceReducer(
    _ reducer: Reducer<State>
  ) -> (@Sendable (inout State, any Action) -> Void) {
    defer {
      self.reducer = Self.body(of: reducer, warnings: warnings)
      givenReducer = reducer
    }
    return self.reducer
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
