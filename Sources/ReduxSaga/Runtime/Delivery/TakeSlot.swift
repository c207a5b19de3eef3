import Synchronization

// Cancelling a take without a cancellation handler per take.
//
// A Swift cancellation handler costs a status record added and removed under the task's
// status lock, and two executor switches, each time it is installed: about a fifth of a take
// round trip. A saga task's takes need none: each saga task (a saga's own task, and each race
// or all branch) has a take slot, its takes register in the hub under the slot's id, one at a
// time, and whoever cancels the task withdraws the take pending in its slot right after
// `Task.cancel()` (the saga node, or the race/all group). Nothing else cancels these tasks.
//
// A saga's own task's slot is its node (one object per fork, not two); a race or all branch
// has a `BranchSlot`. A take finds its task's slot through the running slot
// (RunningSlot.swift): the slot of the saga task whose job the saga scheduler is running on
// this thread, known only to code that the runtime knows runs in that task. Code it cannot
// vouch for (a task that saga code started, saga code after an await the runtime did not make)
// finds none, and its takes install a cancellation handler of their own, which is always
// correct.

/// The one take a saga task can have pending, withdrawn by whoever cancels the task.
enum TakeSlot {
  // Unretained: a slot is only ever held by code running in its task, which keeps it alive (a
  // task retains its preferred executor, the node; a branch's task holds its slot), and
  // retaining it cost an atomic increment and decrement per take.
  case saga(Unmanaged<SagaNode>)
  case branch(Unmanaged<BranchSlot>)

  /// The slot of `node`'s own task.
  static func of(_ node: SagaNode) -> TakeSlot { .saga(.passUnretained(node)) }

  /// The slot of a race or all branch's task.
  static func of(_ branch: BranchSlot) -> TakeSlot { .branch(.passUnretained(branch)) }

  /// The slot's id in the hub: its object's address (even; watcher ids are odd).
  var id: UInt64 {
    switch self {
    case .saga(let node): UInt64(UInt(bitPattern: node.toOpaque()))
    case .branch(let branch): UInt64(UInt(bitPattern: branch.toOpaque()))
    }
  }

  /// Whether the slot's task was cancelled (or is about to be): its takes end at once.
  var isWithdrawn: Bool {
    switch self {
    case .saga(let node): node.takeUnretainedValue().takeWithdrawal.isWithdrawn
    case .branch(let branch): branch.takeUnretainedValue().withdrawal.isWithdrawn
    }
  }

  /// Ends the take pending in the slot, if any, and every take registered in it from now on.
  func withdraw() {
    switch self {
    case .saga(let node):
      let node = node.takeUnretainedValue()
      node.takeWithdrawal.withdraw(id, from: node.hooks.hub)
    case .branch(let branch):
      let branch = branch.takeUnretainedValue()
      branch.withdrawal.withdraw(id, from: branch.node.hooks.hub)
    }
  }
}

final class BranchSlot: Sendable {
  /// The saga the branch belongs to.
  let node: SagaNode
  let withdrawal = TakeWithdrawal()

  init(node: SagaNode) {
    self.node = node
  }
}

/// Whether a take slot was withdrawn, for good.
struct TakeWithdrawal: ~Copyable, Sendable {
  /// Set by ``withdraw(_:from:)``: the owning task is cancelled (its canceller cancels the
  /// Swift task first). A take reads it instead of `Task.isCancelled`, which costs a
  /// thread-local lookup and a retain and a release of the task.
  private let withdrawn = Atomic<Bool>(false)

  var isWithdrawn: Bool { withdrawn.load(ordering: .acquiring) }

  /// Withdraws the slot whose id is `id`, ending its pending take.
  func withdraw(_ id: UInt64, from hub: ActionHub) {
    withdrawn.store(true, ordering: .releasing)
    hub.remove(id)?.cancel()
  }
}

extension SagaNode {
  /// The saga whose task (or race/all branch, or task group child) is running the current
  /// code (see ``RunningSlot``); nil outside the saga scheduler.
  static var current: SagaNode? { RunningSlot.token.node }
}
