// What the store's lock guards: the state and reducer, the subscribers, the drain machine with
// its queue, and the tracking of `send`s and the test probe (kept in a struct of their own, off
// the fields every dispatch touches).

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

/// The store's subscribers in subscription order. A cancelled one is marked and skipped, and
/// the list is compacted once enough are marked, so that cancelling is O(1) amortized.
@usableFromInline
struct SubscriberList<State: Sendable> {
  @usableFromInline var all: [Subscriber<State>] = [] {
    didSet { fanOut = nil }
  }
  @usableFromInline var cancelled = 0
  /// The subscribers in `all` as a tree to notify; nil until needed after a change.
  @usableFromInline var fanOut: FanOut<State>?

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { all.isEmpty }

  /// Marks `subscriber` removed (once) and compacts the list when a small list has one or a
  /// large list has half of them marked.
  @inlinable
  mutating func remove(_ subscriber: Subscriber<State>) {
    guard !subscriber.isRemoved else { return }
    subscriber.isRemoved = true
    cancelled += 1
    if all.count <= 64 || cancelled * 2 >= all.count { compact() }
  }

  @inlinable
  mutating func compact() {
    all.removeAll { $0.isRemoved }
    cancelled = 0
  }

  /// The subscribers to notify of a new state, or nil when there are none.
  @inlinable
  mutating func toNotify() -> FanOut<State>? {
    if cancelled > 0 { compact() }
    if let fanOut { return fanOut }
    if all.isEmpty { return nil }
    let built = FanOut(all[...])
    fanOut = built
    return built
  }
}

/// Calls a store's subscribers in order, one at a time, through one closure: a balanced tree of
/// closures, each calling the two halves its context holds, with one, two, four or eight
/// subscribers at each leaf.
///
/// A subscriber held in a closure's context is called without a retain and a release of its
/// callback. Reached through an array element (or an enum case), each callback was retained
/// and released around its call: two atomic operations, more than an unchanged selector
/// subscriber's whole check. Eight to a leaf keeps the tree's own calls to one per eight
/// subscribers (docs/performance.md, "Subscribers").
@usableFromInline
final class FanOut<State: Sendable>: Sendable {
  @usableFromInline let notify: @Sendable (State) -> Void

  /// The tree of `subscribers`, in order; `subscribers` is not empty.
  @inlinable
  init(_ subscribers: ArraySlice<Subscriber<State>>) {
    notify = Self.tree(subscribers)
  }

  @inlinable
  static func tree(_ subscribers: ArraySlice<Subscriber<State>>) -> @Sendable (State) -> Void {
    let start = subscribers.startIndex
    switch subscribers.count {
    case 1:
      let s0 = subscribers[start]
      return { state in s0.receive(s0, state) }
    case 2:
      let (s0, s1) = (subscribers[start], subscribers[start + 1])
      return { state in
        s0.receive(s0, state)
        s1.receive(s1, state)
      }
    case 4:
      let (s0, s1) = (subscribers[start], subscribers[start + 1])
      let (s2, s3) = (subscribers[start + 2], subscribers[start + 3])
      return { state in
        s0.receive(s0, state)
        s1.receive(s1, state)
        s2.receive(s2, state)
        s3.receive(s3, state)
      }
    case 8:
      let (s0, s1) = (subscribers[start], subscribers[start + 1])
      let (s2, s3) = (subscribers[start + 2], subscribers[start + 3])
      let (s4, s5) = (subscribers[start + 4], subscribers[start + 5])
      let (s6, s7) = (subscribers[start + 6], subscribers[start + 7])
      return { state in
        s0.receive(s0, state)
        s1.receive(s1, state)
        s2.receive(s2, state)
        s3.receive(s3, state)
        s4.receive(s4, state)
        s5.receive(s5, state)
        s6.receive(s6, state)
        s7.receive(s7, state)
      }
    case let count:
      // Leaves of 8 where there are more, else the largest leaf that fits, then the rest.
      let firstCount = count > 8 ? (count + 15) / 16 * 8 : count > 4 ? 4 : 2
      let first = tree(subscribers[..<(start + firstCount)])
      let second = tree(subscribers[(start + firstCount)...])
      return { state in
        first(state)
        second(state)
      }
    }
  }
}

/// Which `send` the drainer is processing, and the test probe with the action it reports next.
@usableFromInline
struct Tracking<State: Sendable> {
  /// The tracked action being processed; actions its thread queues meanwhile inherit its origin.
  @usableFromInline var processing = Processing()
  @usableFromInline var probe: (@Sendable (ProcessedAction<State>) -> Void)?
  /// The action the probe reports next, and its origin.
  @usableFromInline var probed: (action: any Action, processing: Processing)?

  @inlinable
  init() {}

  /// Remembers `action` for the probe, when there is one.
  @inlinable
  mutating func noteForProbe(_ action: any Action) {
    if probe != nil { probed = (action, processing) }
  }
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
  @usableFromInline var machine = DrainMachine()
  /// The work queued for the drainer; `machine` counts it.
  @usableFromInline var queue = FIFOQueue<StoreWork<State>>()
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

  /// `reducer`'s body, wrapped so that its runtime warnings reach `warnings` when there is a
  /// handler: a store without one pays nothing for warnings.
  @usableFromInline
  static func body(
    of reducer: Reducer<State>, warnings: RuntimeWarningHandler?
  ) -> @Sendable (inout State, any Action) -> Void {
    guard let warnings else { return reducer.body }
    let body = reducer.body
    return { state, action in RuntimeWarningSlot.with(warnings) { body(&state, action) } }
  }

  /// The drainer's next item, or nil when it stops: the store is idle, or a successor took the
  /// role over. Wakes the threads waiting on `condition` when the drain rules say so.
  @inlinable
  mutating func takeNext(processed: Int, waking condition: LockCondition) -> StoreWork<State>? {
    var wake = false
    let step = machine.next(processed: processed, wake: &wake)
    if wake { condition.wakeAll() }
    return step == .takeNext ? queue.removeFirst() : nil
  }

  /// Admits an item arriving from `thread` (see DrainMachine): the thread becomes the drainer
  /// (`.drain`: it does the item itself), or the item, built by `work`, is queued, or nothing
  /// happens (`.wait`). While a `send` is being processed or a test probe tracks everything, an
  /// action queued here is tracked: it carries the origin of the `send` its thread is
  /// processing, and counts as pending work until processed.
  @inlinable
  mutating func admit(
    _ work: @Sendable () -> StoreWork<State>, thread: UInt, ledger: WorkLedger
  ) -> Admission {
    let drainsAStore = machine.isDraining && DrainingThread.isDraining
    let admission = machine.decide(thread: thread, drainsAStore: drainsAStore)
    switch admission {
    case .drain:
      machine.startDraining(thread: thread)
    case .queued, .takeOver:
      if tracking.processing.origin.isTracked || ledger.tracksAll {
        queue.append(tracked(work(), thread: thread, ledger: ledger))
      } else {
        queue.append(work())
      }
      machine.enqueued(as: admission, from: thread)
    case .wait:
      break
    }
    return admission
  }

  /// `work` as it is queued while work is tracked: an action becomes a tracked action.
  @inlinable @inline(never)
  func tracked(_ work: StoreWork<State>, thread: UInt, ledger: WorkLedger) -> StoreWork<State> {
    guard case .action(let action) = work else { return work }
    let origin = machine.drainer == thread ? tracking.processing.origin : .untracked
    let pending: UInt64? =
      origin.isTracked || ledger.tracksAll
      ? ledger.begin(
        origin: origin, description: "queued action \(action)", isQueuedAction: true) : nil
    return .tracked(
      TrackedAction(action: action, origin: origin, isSent: false, listener: nil, pending: pending))
  }
}
