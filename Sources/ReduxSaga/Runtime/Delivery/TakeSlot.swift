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
// The slot reaches the takes through a task-local (or the saga's context). Tasks that inherit
// it (a `Task {}` or a task group's child started by saga code) are not the slot's owner, which
// the slot tells by the owning task's hash: their takes install a cancellation handler of their
// own.

/// The one take a saga task can have pending, withdrawn by whoever cancels the task.
final class TakeSlot: Sendable {
  /// The slot of the saga task (or race/all branch) running the current code.
  @TaskLocal static var current: TakeSlot?

  /// The saga the task belongs to.
  let node: SagaNode
  private let hub: ActionHub
  /// The owning task's hash between `beginOwning()` and `endOwning()`, else 0.
  private let owner = Atomic<Int>(0)
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

  /// Makes the calling task this slot's owner; call it first thing in the task, inside
  /// `TakeSlot.$current.withValue(slot)`, and pair it with ``endOwning()``. (Not an async
  /// wrapper around the body: each async frame costs two executor switches per task.) Cancel
  /// the owning task with `Task.cancel()` then ``withdraw()``.
  func beginOwning() {
    owner.store(Self.currentTask, ordering: .relaxed)
  }

  /// Ends the calling task's ownership, before the task ends.
  func endOwning() {
    owner.store(0, ordering: .relaxed)
  }

  /// Ends the take pending in this slot, if any, with `CancellationError`; call it after
  /// cancelling the owning task, so a take registered in between sees the cancellation.
  func withdraw() {
    withdrawn.store(true, ordering: .releasing)
    hub.remove(id)?.cancel()
  }

  /// Whether ``withdraw()`` was called: the owning task is cancelled. A take registered after
  /// the withdrawal sees it here once registered (the hub's lock orders the two).
  var isWithdrawn: Bool { withdrawn.load(ordering: .acquiring) }

  /// The slot the calling task owns: `preferred` (the slot of the task a context was made
  /// for, found without a task-local lookup) or else the task-local one (a race or all
  /// branch's); nil in a task that saga code started itself. The calling task's hash is
  /// computed once for both.
  static func owned(preferring preferred: TakeSlot?) -> TakeSlot? {
    let me = currentTask
    guard me != 0 else { return nil }
    if let preferred, preferred.isOwned(by: me) { return preferred }
    guard let current, current !== preferred, current.isOwned(by: me) else { return nil }
    return current
  }

  /// Whether the task whose hash is `task` owns this slot, so that its canceller withdraws a
  /// take registered under ``id``.
  private func isOwned(by task: Int) -> Bool {
    owner.load(ordering: .relaxed) == task
  }

  /// The current task's hash (`UnsafeCurrentTask`'s own `Hashable`), or 0 outside a task.
  ///
  /// The standard library gives no other way to tell tasks apart that it promises to keep:
  /// an `UnsafeCurrentTask` must not be stored, and its bits are its own business. The same
  /// task always has the same hash; two tasks alive at once share one with a probability of
  /// 2^-64 (a seeded SipHash of the task's identity), and then a task that saga code started
  /// would take under the saga's slot (only the saga's cancellation would end that take). A
  /// task whose hash is 0 owns no slot: its takes install a cancellation handler, which is
  /// always correct. A task that outlived its owner run cannot match: the owner clears the
  /// slot first. Hashing costs about 450 instructions, once per saga task and once per take.
  private static var currentTask: Int {
    withUnsafeCurrentTask { task in task?.hashValue ?? 0 }
  }
}

extension SagaNode {
  /// The saga whose task (or race/all branch) is running the current code.
  static var current: SagaNode? { TakeSlot.current?.node }
}
