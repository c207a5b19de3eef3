import ReduxCore
import ReduxSeam

// A take's wait, cancelled without a handler per take (a status record under the task's lock,
// dearer than the slot: `saga-sync`): every task the runtime starts binds a task-local slot for
// its one pending take, which whoever cancels the task withdraws. A task that saga code starts
// inherits the binding but is not the slot's task: its takes install a handler.

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

extension SagaContext {
  /// The body of every take: registers a taker, pauses this saga's work while it waits, and
  /// reports the effect to the monitor once registered. Returns nil after END. The work is done
  /// in synchronous `TakeWait` code: a saga task's frames share a slab of about 1 KB, and a
  /// larger frame here cost a malloc per take (`saga-fork1000`).
  @usableFromInline
  nonisolated(nonsending) func awaitAction(
    _ effect: @autoclosure () -> SagaEffect, _ match: ActionMatch
  ) async throws -> (any Action)? {
    let wait = try TakeWait(node: node, match: match)
    do {
      let taken: TakenAction
      if wait.slot != nil {
        taken = try await withUnsafeThrowingContinuation(isolation: #isolation) {
          wait.register($0, effect)
        }
      } else {
        taken = try await wait.cancellably(effect)
      }
      return wait.took(taken, effect)
    } catch {
      return try wait.ended(by: error, effect)
    }
  }
}

/// One take, from its registration to its end.
struct TakeWait: Sendable {
  let node: SagaNode
  /// The slot of the task the take runs in, if the runtime started that task.
  let slot: RunningSaga?
  let id: UInt64
  let match: ActionMatch
  /// The effect's id for the monitor; nil without one.
  let effectID: UInt64?

  /// A take by `node`; throws if its task was cancelled. From now on the saga's work pauses.
  init(node: SagaNode, match: ActionMatch) throws {
    let own = RunningSaga.ownSlot
    if own?.isWithdrawn ?? Task.isCancelled { throw CancellationError() }
    self.node = node
    self.slot = own?.slot
    self.match = match
    id = node.core.takers.makeID()
    effectID = node.core.monitor == nil ? nil : node.core.nextEffectID()
    node.waitingForAction()
  }

  /// Registers the taker, resumed through `continuation`; a cancellation that came first ends
  /// it, and the monitor hears of it once it is registered.
  func register(
    _ continuation: UnsafeContinuation<TakenAction, any Error>, _ effect: () -> SagaEffect
  ) {
    let takers = node.core.takers
    let taker = Taker(
      id: id, node: node, order: node.order, match: match, receiver: .take(continuation))
    guard slot?.withSlot({ $0.arm(id) }) ?? true else {
      return continuation.resume(throwing: CancellationError())
    }
    guard takers.add(taker) else { return continuation.resume(throwing: InputEnded()) }
    if slot?.withSlot({ $0.isWithdrawn }) ?? Task.isCancelled {
      takers.remove(id)?.cancel()
    } else if let effectID {
      node.effectStarted(effectID, effect())
    }
  }

  /// Waits with a cancellation handler of its own: a task the runtime did not start.
  @inline(never)
  nonisolated(nonsending) func cancellably(_ effect: () -> SagaEffect) async throws
    -> TakenAction
  {
    let takers = node.core.takers
    let id = id
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation(isolation: #isolation) { register($0, effect) }
    } onCancel: {
      takers.remove(id)?.cancel()
    }
  }

  /// The take returned `taken`: the saga works for its origin.
  func took(_ taken: TakenAction, _ effect: () -> SagaEffect) -> any Action {
    node.resumed(byActionOf: taken.origin)
    if let effectID { node.effectEnded(effectID, effect(), .resolved) }
    return taken.action
  }

  /// The take ended with `error`: nil at END (recorded in a ``SagaTest`` for a `take`, which
  /// expected an action), else the error again.
  func ended(by error: any Error, _ effect: () -> SagaEffect) throws -> (any Action)? {
    node.resumed()
    if error is InputEnded {
      if let effectID { node.effectEnded(effectID, effect(), .resolved) }
      if let recorder = node.core.interceptor?.recorder, case .take(let pattern) = effect() {
        recorder.recordEndedWait(
          TakerList.describe(node.stack, waitingFor: pattern), wasCountedTaken: true)
      }
      return nil
    }
    if let effectID {
      node.effectEnded(
        effectID, effect(), error is CancellationError ? .cancelled : .rejected(error))
    }
    throw error
  }
}
