import Synchronization

// Cancelling a take without a cancellation handler per take.
//
// A Swift cancellation handler costs a status record added and removed under the task's
// status lock, and two executor switches, each time it is installed: about a fifth of a take
// round trip. A saga task's takes need none: each saga task (a saga's own task, and each race
// or all branch) has a `TakeSlot`, its takes register in the hub under the slot's id, one at a
// time, and whoever cancels the task withdraws the take pending in its slot right after
// `Task.cancel()` (the saga node, or the race/all group). Nothing else cancels these tasks.
//
// A take finds its task's slot through the running slot (RunningSlot.swift): the slot of the
// saga task whose job the saga scheduler is running on this thread, known only to code that
// the runtime knows runs in that task. Code it cannot vouch for (a task that saga code started,
// saga code after an await the runtime did not make) finds none, and its takes install a
// cancellation handler of their own, which is always correct.

/// The one take a saga task can have pending, withdrawn by whoever cancels the task.
final class TakeSlot: Sendable {
  /// The saga the task belongs to.
  let node: SagaNode
  private let hub: ActionHub
  /// Set by ``withdraw()``, for good: the owning task is cancelled (its canceller cancels the
  /// Swift task first). A take reads it instead of `Task.isCancelled`, which costs a
  /// thread-local lookup and a retain and a release of the task.
  private let withdrawn = Atomic<Bool>(false)

  init(node: SagaNode, hub: ActionHub) {
    self.node = node
    self.hub = hub
  }

  /// The id every take of the owning task registers under: the slot's address, which is even,
  /// where ``ActionHub/makeID()`` ids are odd. Taking no lock to make one keeps forks cheap.
  var id: UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(self))) }

  /// Ends the take pending in this slot, if any, with `CancellationError`; call it after
  /// cancelling the owning task, so a take registered in between sees the cancellation.
  func withdraw() {
    withdrawn.store(true, ordering: .releasing)
    hub.remove(id)?.cancel()
  }

  /// Whether ``withdraw()`` was called: the owning task is cancelled. A take registered after
  /// the withdrawal sees it here once registered (the hub's lock orders the two).
  var isWithdrawn: Bool { withdrawn.load(ordering: .acquiring) }
}

extension SagaNode {
  /// The saga whose task (or race/all branch) is running the current code, as far as the
  /// runtime can tell (see ``RunningSlot``).
  static var current: SagaNode? { RunningSlot.current?.node }
}
