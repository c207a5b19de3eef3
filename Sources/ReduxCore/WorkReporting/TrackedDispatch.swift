import ReduxSeam

/// Told when an action dispatched with it has been processed.
///
/// An object the caller already holds for the action (a saga's held put, a `send`'s waiter):
/// a completion closure would be one more allocation per action.
@usableFromInline
package protocol ActionProcessedListener: AnyObject, Sendable {
  /// Called once, on the thread that processed the action, right after it went through the
  /// middleware and the reducer (or was dropped by a middleware), before any action queued
  /// after it; or at once, if the store was released first.
  func actionProcessed()
}

/// Resumes a task once an action has been processed: a `send`, or a module's dispatch that
/// waits for its action.
package final class ResumeWhenProcessed: ActionProcessedListener {
  private let continuation: CheckedContinuation<Void, Never>

  package init(_ continuation: CheckedContinuation<Void, Never>) {
    self.continuation = continuation
  }

  package func actionProcessed() {
    continuation.resume()
  }
}

/// An action on its way through the store's queue with an origin, or with someone to tell
/// once it has been processed (``ActionProcessedListener/actionProcessed()``, called once).
///
/// An object, so that the store's queue items stay as small as a plain action. A module's own
/// object for the action can be one (a saga's held put): the dispatch then allocates nothing
/// more.
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

  /// Called instead of ``ActionProcessedListener/actionProcessed()`` by the store that
  /// processed the action, on its draining thread, with a look at its queue: a module that must
  /// hear only once what the action caused has been processed too (a saga's put) reads it
  /// there, under one lock and with nothing retained.
  func actionProcessed(lookingAt queue: () -> StoreQueueState)
}

extension TrackedDispatch {
  /// Every action is wanted, unless the type says otherwise.
  @inlinable
  package func shouldProcess() -> Bool { true }

  /// Most listeners do not look at the queue.
  @inlinable
  package func actionProcessed(lookingAt queue: () -> StoreQueueState) {
    actionProcessed()
  }
}

/// The queue of the store that has just processed a tracked action, as its draining thread saw
/// it then.
@usableFromInline
package struct StoreQueueState: Sendable {
  /// Whether no action waits in the queue: nothing dispatched while the action was processed
  /// is still to come.
  @usableFromInline package let isEmpty: Bool
  /// How many actions the store's draining thread has queued while it processed others (a
  /// middleware's, a subscriber's or a reducer's follow-up dispatch): it only grows. If it is
  /// the same before and after a pass through the queue, nothing processed in that pass
  /// dispatched anything; what other threads dispatched meanwhile does not count.
  @usableFromInline package let nestedDispatchCount: UInt64

  @inlinable
  init(isEmpty: Bool, nestedDispatchCount: UInt64) {
    self.isEmpty = isEmpty
    self.nestedDispatchCount = nestedDispatchCount
  }
}

/// A tracked action the store makes itself: for `send`, for a module's dispatch with a
/// listener, and for an action counted as pending.
@usableFromInline
final class TrackedAction: TrackedDispatch {
  @usableFromInline let action: any Action
  @usableFromInline let origin: ActionOrigin
  @usableFromInline let isSent: Bool
  @usableFromInline let listener: (any ActionProcessedListener)?
  @usableFromInline let pending: UInt64?
  /// The module's own tracked dispatch this one counts as pending, which decides whether the
  /// action is still wanted.
  @usableFromInline let counted: (any TrackedDispatch)?

  @usableFromInline
  init(
    action: any Action, origin: ActionOrigin, isSent: Bool,
    listener: (any ActionProcessedListener)?, pending: UInt64? = nil,
    counted: (any TrackedDispatch)? = nil
  ) {
    self.action = action
    self.origin = origin
    self.isSent = isSent
    self.listener = listener
    self.pending = pending
    self.counted = counted
  }

  @usableFromInline
  func actionProcessed() {
    listener?.actionProcessed()
  }

  /// A module's own tracked dispatch, counted as pending here, looks at the queue itself.
  @usableFromInline
  func actionProcessed(lookingAt queue: () -> StoreQueueState) {
    if let counted {
      counted.actionProcessed(lookingAt: queue)
    } else {
      listener?.actionProcessed()
    }
  }

  @usableFromInline
  func shouldProcess() -> Bool {
    counted?.shouldProcess() ?? true
  }

  /// `tracked`, counted as pending under `entry`.
  @usableFromInline
  static func counting(_ tracked: any TrackedDispatch, as entry: UInt64) -> TrackedAction {
    TrackedAction(
      action: tracked.action, origin: tracked.origin, isSent: tracked.isSent, listener: tracked,
      pending: entry, counted: tracked)
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
