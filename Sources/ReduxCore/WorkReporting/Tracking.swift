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
