import ReduxCore
import ReduxSeam

// Cancelling a take without a cancellation handler per take.
//
// A Swift cancellation handler adds and removes a status record under the task's status lock,
// and the resumption hops back through the handler's frame: about a fifth of a take → put round
// trip (ModuleProfile's `saga-sync`). A saga task's takes need none. Every task the runtime
// starts (a saga's own task, a race or all branch) runs with a task-local binding that names
// its slot, the one take it can have pending; whoever cancels the task (the saga's `cancel`,
// an abort, a race that was decided) withdraws that take right after `Task.cancel()`. A task
// that saga code starts itself inherits the binding but is not the slot's task: its takes
// install a cancellation handler, which is always correct, only slower.

/// The state of a task's take slot, under its owner's lock.
struct TakeSlotState {
  /// The task that owns the slot (its `UnsafeCurrentTask`'s hash), once it runs.
  var task: Int?
  /// The take registered last, which a withdrawal removes.
  var pending: UInt64?
  /// Whether the task was cancelled: its takes end at once.
  var isWithdrawn = false

  /// Registers `id` as the pending take; false if the slot was withdrawn.
  mutating func arm(_ id: UInt64) -> Bool {
    pending = id
    return !isWithdrawn
  }

  /// Withdraws the slot for good; returns the take to remove.
  mutating func withdraw() -> UInt64? {
    isWithdrawn = true
    return pending.take()
  }
}

/// A race or all branch's slot.
final class BranchSlot: Sendable {
  let state = Lock(TakeSlotState())
}

/// Which saga, and which of its tasks, runs the current code.
struct RunningSaga: Sendable {
  /// The saga whose task (or branch) runs the code.
  let node: SagaNode
  /// The branch whose task runs it; nil for the saga's own task.
  let branch: BranchSlot?

  /// The running saga task, bound for each task the runtime starts.
  @TaskLocal static var current: RunningSaga?

  /// Runs the slot's state change under the lock that guards it.
  func withSlot<Result>(_ body: (inout TakeSlotState) -> Result) -> Result {
    if let branch { return branch.state.withLock { body(&$0) } }
    return node.withState { body(&$0.slot) }
  }

  /// The slot's task has started: call it first thing in the task, then bind the slot as
  /// ``current``.
  func started() {
    let task = withUnsafeCurrentTask { $0?.hashValue }
    withSlot { $0.task = task }
  }

  /// The slot of the task running the current code, if the runtime started that task, and
  /// whether it was withdrawn (one look at the slot for both).
  static var ownSlot: (slot: RunningSaga, isWithdrawn: Bool)? {
    guard let running = current else { return nil }
    let task = withUnsafeCurrentTask { $0?.hashValue }
    let (isOwn, isWithdrawn) = running.withSlot { ($0.task == task, $0.isWithdrawn) }
    return isOwn ? (running, isWithdrawn) : nil
  }

  /// Ends the take pending in the slot, and every take registered in it from now on: call it
  /// right after cancelling the slot's task.
  func withdraw() {
    guard let id = withSlot({ $0.withdraw() }) else { return }
    node.core.takers.remove(id)?.cancel()
  }
}
