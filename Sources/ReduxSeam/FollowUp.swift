// Follow-ups: work a reducer leaves to be started once its action has been committed, by the
// store's drainer (ReduxCore), before anything queued after the action. ReduxCommand's store
// uses it for the commands its reducer returns, so that a command store needs no middleware: an
// action that returns no command costs little more than a bare dispatch.

/// Work a reducer leaves to start once its action is committed (a command reducer's commands).
///
/// A class: a reference keeps the store's dispatch path as small as a plain dispatch's.
@usableFromInline
package protocol FollowUp: AnyObject, Sendable {
  /// Starts the work. Called by the drainer after the action was reduced and the subscribers
  /// notified, while the action is being processed: work it reports in `ledger` counts for the
  /// action's origin (``WorkLedger/processingOrigin``), and actions it dispatches are queued
  /// after the action. Not generic over the store's state: what a follow-up dispatches, it
  /// dispatches through a closure its module made where the state is known
  /// (ModuleProfile's `command-action`).
  func start(ledger: WorkLedger)
}

/// Where a store's reducer leaves its follow-up for the action it is reducing, and what keeps
/// the module's runner of follow-ups alive exactly as long as the store.
///
/// The reducer writes it and the store takes it right after, both under the store's lock.
@usableFromInline
package final class FollowUpSlot: @unchecked Sendable {
  // @unchecked: `pending` and `runner` are only touched under the lock of the store the slot
  // was given to (by its reducer, then by the store; `runner` once more when the store goes).
  @usableFromInline @exclusivity(unchecked) var pending: (any FollowUp)?
  /// The module's object that runs the follow-ups (a command store's runner, which cancels the
  /// commands in flight when it goes). The slot holds it, not the store's reducer: running work
  /// keeps the store's engine alive, and so this slot, until ``storeReleased()`` lets go.
  private var runner: (any AnyObject & Sendable)?

  /// A slot that keeps `runner` until the store it is given to is released.
  @usableFromInline
  package init(keepingAlive runner: any AnyObject & Sendable) {
    self.runner = runner
  }

  /// The store was released: returns the runner, for the store to release outside its lock.
  package func storeReleased() -> (any AnyObject & Sendable)? {
    runner.take()
  }

  /// Leaves `followUp` for the action being reduced (after any left before).
  @usableFromInline
  package func leave(_ followUp: any FollowUp) {
    if let earlier = pending {
      pending = FollowUps(first: earlier, second: followUp)
    } else {
      pending = followUp
    }
  }

  /// Whether a follow-up waits in the slot.
  @inlinable
  package var hasPending: Bool { pending != nil }

  /// The follow-up left for the action just reduced, if any; the slot is empty after.
  @inlinable
  package func take() -> (any FollowUp)? {
    guard let followUp = pending else { return nil }
    pending = nil
    return followUp
  }
}

/// Two follow-ups of one action, started in order.
private final class FollowUps: FollowUp {
  let first: any FollowUp
  let second: any FollowUp

  init(first: any FollowUp, second: any FollowUp) {
    self.first = first
    self.second = second
  }

  func start(ledger: WorkLedger) {
    first.start(ledger: ledger)
    second.start(ledger: ledger)
  }
}
