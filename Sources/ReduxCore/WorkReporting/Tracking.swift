// The store's side of work reporting that lives under its lock.

/// Which `send` the drainer is processing, and the test probe with the action it reports next.
@usableFromInline
struct Tracking<State: Sendable> {
  /// The tracked action being processed; actions its thread queues meanwhile inherit its origin.
  @usableFromInline var processing = Processing()
  @usableFromInline var probe: (@Sendable (ProcessedAction<State>) -> Void)?
  /// The action the probe reports next, and its origin.
  @usableFromInline var probed: (action: any Action, processing: Processing)?
  /// How many items the draining thread itself has queued: dispatched while it processed an
  /// item. A module compares it across a pass through the queue to learn whether anything
  /// processed meanwhile dispatched more (``StoreQueueState/nestedDispatchCount``).
  @usableFromInline var nestedQueued: UInt64 = 0

  @inlinable
  init() {}

  /// Remembers `action` for the probe, when there is one.
  @inlinable
  mutating func noteForProbe(_ action: any Action) {
    if probe != nil { probed = (action, processing) }
  }
}
