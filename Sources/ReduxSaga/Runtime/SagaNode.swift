import ReduxCore
import ReduxSeam

// One running saga in the task tree (redux-saga's task and `forkQueue`), with redux-saga's
// rules, which unstructured Swift tasks lack: `cancel()` cancels the saga's task, then its forks
// in fork order; a saga finishes after its forks; a failing fork aborts its parent and its
// siblings; a body that throws cancels its forks; a fork of a cancelled, aborted or finished
// saga starts cancelled; at the end the cleanups run, the parent (or the error hook) hears how
// it ended, and the joiners resume.

/// What a ``SagaNode`` decides on, under its lock.
struct NodeState {
  /// The saga's Swift task, to cancel; nil once finished.
  var task: Task<Void, Never>?
  var isCancelled = false
  var isFinished = false
  /// The attached forks, in fork order (their ``SagaNode/order``); a finished one leaves a
  /// hole, and the holes go once they are half the list.
  var children: [ForkEntry] = []
  var liveChildren = 0
  /// The first error of the saga's body or of one of its forks.
  var abort: ForkAbort?
  var isAbortedByFork = false
  /// The saga's task, waiting for its last fork to finish.
  var forksFinished: CheckedContinuation<Void, Never>?
  /// The saga's value or error, once finished.
  var result: Result<any Sendable, any Error>?
  var joiners: [UInt64: CheckedContinuation<Void, any Error>] = [:]
  var nextJoiner: UInt64 = 0
  var cleanups: [@Sendable () -> Void] = []
  /// The saga context (`setContext`/`getContext`): a copy of the parent's at the start.
  var context: [String: any Sendable] = [:]
  /// Built on first use.
  var stack: [String]?
  var work = SagaWork()
  /// The take slot of the saga's own task (TakeWait.swift).
  var slot = TakeSlotState()

  /// The attached forks still running, in fork order.
  var forks: [SagaNode] { children.compactMap(\.node) }

  var hasForks: Bool { liveChildren > 0 }

  mutating func addFork(_ child: SagaNode) {
    children.append(ForkEntry(order: child.order, node: child))
    liveChildren += 1
  }

  /// Takes a finished fork out: found by its order, in fork order, by bisection.
  mutating func removeFork(_ child: SagaNode) {
    var low = 0
    var high = children.count
    while low < high {
      let middle = (low + high) / 2
      if children[middle].order < child.order { low = middle + 1 } else { high = middle }
    }
    guard low < children.count, children[low].node === child else { return }
    children[low].node = nil
    liveChildren -= 1
    if liveChildren == 0 {
      children.removeAll(keepingCapacity: true)
    } else if liveChildren * 2 < children.count {
      children.removeAll { $0.node == nil }
    }
  }
}

/// An attached fork in its parent's list: nil once it has finished.
struct ForkEntry {
  let order: UInt64
  var node: SagaNode?
}

/// One running saga in the task tree.
final class SagaNode: Sendable {
  /// The saga whose task is running the current code (and inherited by the tasks its code
  /// starts), for channels, which have no context of their own.
  static var current: SagaNode? { RunningSaga.current?.node }

  let name: String
  let core: SagaCore
  /// When the saga started among its runtime's sagas: END ends their waits in this order.
  let order: UInt64
  /// The saga whose names come before this one's in its stack: the parent of a fork, the
  /// spawner of a spawn, the caller of a called saga; nil for a root.
  let above: SagaNode?
  /// Whether the saga is attached to `above` (a fork).
  private let isAttached: Bool
  /// Whether a failure without a parent goes to the error hook (not for a called saga, whose
  /// caller gets the error).
  let reportsErrors: Bool
  private let state: Lock<NodeState>

  init(
    name: String, above: SagaNode?, isAttached: Bool = false, core: SagaCore,
    reportsErrors: Bool = true
  ) {
    self.name = name
    self.above = above
    self.isAttached = isAttached
    self.core = core
    self.reportsErrors = reportsErrors
    order = core.nextNodeOrder()
    state = Lock(NodeState(context: above?.withState { $0.context } ?? [:]))
  }

  /// The saga this one is attached to (a fork's parent); nil for a root, a spawn or a called
  /// saga.
  var parent: SagaNode? { isAttached ? above : nil }

  func withState<Result>(_ body: (inout NodeState) -> Result) -> Result {
    state.withLock { body(&$0) }
  }

  /// The names from the root to this saga; a spawned saga starts with its spawner's names.
  var stack: [String] {
    if let stack = withState({ $0.stack }) { return stack }
    let stack = (above?.stack ?? []) + [name]
    withState { $0.stack = stack }
    return stack
  }

  var isCancelled: Bool { withState { $0.isCancelled } }
  var isFinished: Bool { withState { $0.isFinished } }
  var isAborted: Bool { withState { $0.abort != nil } }
  var isAbortedByFork: Bool { withState { $0.isAbortedByFork } }
  /// The stack of the saga whose error ended this one: its own, or the aborting fork's.
  var failureStack: [String] { withState { $0.abort?.stack } ?? stack }

  // MARK: Children

  /// A fork attached to this saga; it starts cancelled if this saga is cancelled, aborted or
  /// finished.
  func makeFork(name: String) -> SagaNode {
    let child = SagaNode(name: name, above: self, isAttached: true, core: core)
    let isLive = withState { state in
      guard !state.isFinished else { return false }
      state.addFork(child)
      return !state.isCancelled && state.abort == nil
    }
    if !isLive { child.cancel() }
    return child
  }

  // MARK: Cancellation

  /// Cancels this saga, the effect it waits on, and its attached forks, recursively: its own
  /// task first, then its forks in fork order.
  func cancel() {
    let cancelled = withState { state -> (Task<Void, Never>?, [SagaNode])? in
      guard !state.isFinished, !state.isCancelled else { return nil }
      state.isCancelled = true
      return (state.task, state.forks)
    }
    guard let (task, children) = cancelled else { return }
    cancelTask(task)
    for child in children { child.cancel() }
  }

  /// Keeps the saga's task; a saga cancelled or aborted before it existed cancels it at once.
  func started(_ task: Task<Void, Never>) {
    let cancelNow = withState { state in
      if !state.isFinished { state.task = task }
      return !state.isFinished && (state.isCancelled || state.abort != nil)
    }
    if cancelNow { cancelTask(task) }
  }

  /// Cancels the saga's own task, then withdraws the take it waits in.
  private func cancelTask(_ task: Task<Void, Never>?) {
    guard let task else { return }
    task.cancel()
    RunningSaga(node: self, branch: nil).withdraw()
  }

  /// The saga's body threw `error`: its forks stop before it ends, and the error (unless a
  /// cancellation) wins over any error their cleanup throws.
  func bodyFailed(_ error: any Error) {
    let stack = stack
    let children = withState { state in
      if state.abort == nil, !(error is CancellationError) {
        state.abort = ForkAbort(error: error, stack: stack)
      }
      return state.forks
    }
    for child in children { child.cancel() }
  }

  /// A fork has finished: a failure aborts this saga (its task and its other forks are
  /// cancelled), and the last fork resumes the body waiting for them, handing on the `send`
  /// it worked for (`origin`).
  func childFinished(
    _ child: SagaNode, _ outcome: NodeOutcome, workingFor origin: ActionOrigin?
  ) {
    var toCancel: [SagaNode] = []
    var task: Task<Void, Never>?
    let forksFinished = withState { state -> CheckedContinuation<Void, Never>? in
      state.removeFork(child)
      if case .failed(let error, let stack) = outcome, state.abort == nil {
        // Also while cancelled: an error thrown by a fork's cleanup is not lost.
        state.abort = ForkAbort(error: error, stack: stack)
        state.isAbortedByFork = true
        if !state.isCancelled {
          toCancel = state.forks
          task = state.task
        }
      }
      return state.hasForks ? nil : state.forksFinished.take()
    }
    cancelTask(task)
    for sibling in toCancel { sibling.cancel() }
    if let forksFinished {
      // The saga works for the last fork's `send` until its own end, so that the work of that
      // `send` never drops to zero before the saga has finished.
      if let origin { beginWork(origin: origin) }
      forksFinished.resume()
    }
  }
}
