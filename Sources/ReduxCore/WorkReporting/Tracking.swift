import ReduxSeam

// The store's side of work reporting that lives under its lock.

/// Which `send` the drainer is processing, and the test probe with the action it reports next.
@usableFromInline
struct Tracking<State: Sendable> {
  /// The tracked action being processed; actions its thread queues meanwhile inherit its origin.
  @usableFromInline var processing = Processing()
  /// The consequences that the actions its thread queues meanwhile belong to, and whether there
  /// are any: a flag every dispatch reads, where reading the reference would retain it.
  @usableFromInline var consequences: (any TrackedDispatch)?
  @usableFromInline var hasConsequences = false
  @usableFromInline var probe: (@Sendable (ProcessedAction<any Action, State>) -> Void)?
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

extension StoreCore {
  /// `work` as it is queued while work is tracked: an action becomes a tracked action of
  /// `origin` (the `send` its thread is processing, if it is the drainer).
  @inlinable @inline(never)
  static func tracked(
    _ work: StoreWork<State>, origin: ActionOrigin, ledger: WorkLedger
  ) -> StoreWork<State> {
    guard case .action(let action) = work else { return work }
    let pending: UInt64? =
      origin.isTracked || ledger.tracksAll
      ? ledger.begin(
        origin: origin, description: "queued action \(action)", isQueuedAction: true) : nil
    return .tracked(
      TrackedAction(action: action, origin: origin, isSent: false, listener: nil, pending: pending))
  }

  /// `work`, queued by the drainer while it processed an action that waits for its
  /// `consequences`, as one of them.
  @inlinable @inline(never)
  static func consequence(
    of consequences: any TrackedDispatch, _ work: StoreWork<State>
  ) -> StoreWork<State> {
    guard case .tracked(let tracked) = work else { return work }
    consequences.consequenceAdded()
    return .tracked(TrackedAction.wrapping(tracked, pending: tracked.pending, cause: consequences))
  }
}
