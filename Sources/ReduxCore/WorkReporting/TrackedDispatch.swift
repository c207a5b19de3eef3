import ReduxSeam

/// An action on its way through the store's queue with an origin, or with someone to tell
/// once it has been processed (``ActionProcessedListener/actionProcessed()``, called once).
///
/// An object, so that the store's queue items stay as small as a plain action. A module's own
/// object for the action can be one (a saga's put): the dispatch then allocates nothing more.
@usableFromInline
package protocol TrackedDispatch: ActionProcessedListener {
  /// The action to process.
  var action: any Action { get }
  /// The `send` the action descends from.
  var origin: ActionOrigin { get }
  /// Whether it is the action a `send` enqueued itself.
  var isSent: Bool { get }
  /// The ledger entry that counts the action as pending while it waits in the queue.
  var pending: UInt64? { get }
  /// Whether the action is still wanted when the store gets to it: a module whose sender was
  /// cancelled meanwhile answers false, and the action is dropped before any middleware. Asked
  /// once, by the drainer, before ``ActionProcessedListener/actionProcessed()``.
  func shouldProcess() -> Bool
  /// Whether ``ActionProcessedListener/actionProcessed()`` waits for the action's
  /// consequences: the actions the draining thread dispatched while it was processed (from a
  /// middleware, a subscriber or a reducer's follow-up) and, transitively, theirs. Actions other
  /// threads dispatch meanwhile are not consequences.
  var waitsForConsequences: Bool { get }
  /// Called once, on the draining thread, right after the action itself went through the
  /// middleware and the reducer, when ``waitsForConsequences``: its consequences come next.
  func actionReduced()
  /// When ``waitsForConsequences``: one more consequence to wait for. The object counts them
  /// (starting at 1, the action itself): it is the counter, so counting allocates nothing.
  func consequenceAdded()
  /// When ``waitsForConsequences``: the action or one of its consequences has been processed;
  /// true for the last, after which the store calls
  /// ``ActionProcessedListener/actionProcessed()``.
  func consequenceProcessed() -> Bool
  /// The action whose consequence this one is (see ``waitsForConsequences``), if any.
  var cause: (any TrackedDispatch)? { get }
  /// Whether a thread dispatching it waits while the store's queue is full, as a plain
  /// `dispatch` does (docs/concurrency.md, "Under load"). False for what earlier actions caused
  /// and a module sends from elsewhere (a saga's put): it is queued at once, so that it never
  /// waits behind new actions, which wait for it instead, and the work an action causes never
  /// piles up outside the store.
  var waitsForRoom: Bool { get }
}

/// A tracked action the store makes itself: for `send`, for a module's dispatch with a
/// listener, for an action counted as pending, and for a consequence.
@usableFromInline
final class TrackedAction: TrackedDispatch {
  @usableFromInline let action: any Action
  @usableFromInline let origin: ActionOrigin
  @usableFromInline let isSent: Bool
  @usableFromInline let listener: (any ActionProcessedListener)?
  @usableFromInline let pending: UInt64?
  /// The module's own tracked dispatch this one wraps, which decides whether the action is
  /// still wanted and whether it waits for its consequences.
  @usableFromInline let counted: (any TrackedDispatch)?
  @usableFromInline let cause: (any TrackedDispatch)?

  @usableFromInline
  init(
    action: any Action, origin: ActionOrigin, isSent: Bool,
    listener: (any ActionProcessedListener)?, pending: UInt64? = nil,
    counted: (any TrackedDispatch)? = nil, cause: (any TrackedDispatch)? = nil
  ) {
    self.action = action
    self.origin = origin
    self.isSent = isSent
    self.listener = listener
    self.pending = pending
    self.counted = counted
    self.cause = cause
  }

  @usableFromInline
  func actionProcessed() {
    listener?.actionProcessed()
    if let cause, cause.consequenceProcessed() { cause.actionProcessed() }
  }

  @usableFromInline
  func shouldProcess() -> Bool {
    counted?.shouldProcess() ?? true
  }

  @usableFromInline
  var waitsForConsequences: Bool { counted?.waitsForConsequences ?? false }

  @usableFromInline
  func actionReduced() {
    counted?.actionReduced()
  }

  @usableFromInline
  func consequenceAdded() {
    counted?.consequenceAdded()
  }

  @usableFromInline
  func consequenceProcessed() -> Bool {
    counted?.consequenceProcessed() ?? true
  }

  @usableFromInline
  var waitsForRoom: Bool { counted?.waitsForRoom ?? true }

  /// `tracked`, counted as pending under `entry`, or a consequence of `cause`.
  @usableFromInline
  static func wrapping(
    _ tracked: any TrackedDispatch, pending: UInt64?, cause: (any TrackedDispatch)? = nil
  ) -> TrackedAction {
    TrackedAction(
      action: tracked.action, origin: tracked.origin, isSent: tracked.isSent, listener: tracked,
      pending: pending, counted: tracked, cause: cause)
  }
}

/// Which tracked action the draining thread is processing now; untracked between actions.
@usableFromInline
struct Processing: Sendable {
  @usableFromInline var origin = ActionOrigin.untracked
  @usableFromInline var isSent = false

  @usableFromInline init() {}

  @usableFromInline init(_ tracked: any TrackedDispatch) {
    origin = tracked.origin
    isSent = tracked.isSent
  }
}
