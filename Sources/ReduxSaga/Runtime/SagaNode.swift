import ReduxCore
import ReduxSeam

// One running saga in the task tree (redux-saga's task and `forkQueue`). Swift tasks neither
// propagate cancellation between unstructured tasks nor let a child's error interrupt its
// parent, so the tree keeps redux-saga's rules: `cancel()` cancels the saga's task, then its
// forks in fork order; a saga finishes after its forks; a failing fork aborts its parent (its
// task and other forks are cancelled); a body that throws cancels its forks; a fork of a
// cancelled, aborted or finished saga starts cancelled; at the end the cleanups run, the parent
// (or the error hook) hears how it ended, and the joiners resume.

/// The error that aborted a saga, and the saga stack it came from.
struct ForkAbort {
  let error: any Error
  let stack: [String]
}

/// How a saga ended, as its parent (or the error hook) sees it.
enum NodeOutcome: Sendable {
  case succeeded
  case cancelled
  case failed(any Error, stack: [String])

  /// How a saga ended, and what its task throws (nil when it returns its value):
  /// - an abort (the first error of the saga or one of its forks) wins over everything;
  /// - a body that ended by taking after ``END`` ends quietly (cancelled, if it was);
  /// - an error thrown while cancelled is still a failure: cleanup code's errors are not lost;
  /// - a saga that was cancelled ends cancelled, even if its body returned.
  static func of(
    failure: (any Error)?, abort: ForkAbort?, isCancelled: Bool,
    stack: @autoclosure () -> [String]
  ) -> (outcome: NodeOutcome, thrown: (any Error)?) {
    if let abort { return (.failed(abort.error, stack: abort.stack), abort.error) }
    guard let failure, !isEnd(failure) else {
      return isCancelled ? (.cancelled, CancellationError()) : (.succeeded, nil)
    }
    if failure is CancellationError { return (.cancelled, failure) }
    return (.failed(failure, stack: stack()), failure)
  }

  /// Whether `error` is the end of input after ``END``, which ends a saga quietly.
  static func isEnd(_ error: any Error) -> Bool {
    (error as? ChannelError) == .closed
  }
}

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
  private let above: SagaNode?
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
  var abortError: (any Error)? { withState { $0.abort?.error } }
  /// Whether the saga must stop: cancelled or aborted.
  var shouldStop: Bool { withState { $0.isCancelled || $0.abort != nil } }
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

  /// A detached saga that reports its own errors.
  func makeSpawn(name: String) -> SagaNode {
    SagaNode(name: name, above: self, core: core)
  }

  /// A saga called as a child: its error is thrown to the caller, not reported.
  func makeCalled(name: String) -> SagaNode {
    SagaNode(name: name, above: self, core: core, reportsErrors: false)
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
  private func childFinished(
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
      lastForkFinished(workingFor: origin)
      forksFinished.resume()
    }
  }

  // MARK: The end

  /// Runs `cleanup` when this saga finishes, or now if it already has.
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let isFinished = withState { state in
      if !state.isFinished { state.cleanups.append(cleanup) }
      return state.isFinished
    }
    if isFinished { cleanup() }
  }

  /// Ends the saga whose body ended with `outcome`, unless attached forks still run: then
  /// returns false, and ``endAfterForks(_:quietlyAtEnd:)`` ends it once they have finished. END
  /// ends a saga quietly if `quietlyAtEnd` (its value is `()`), and fails it with
  /// ``ChannelError/closed`` otherwise.
  func end(_ outcome: BodyOutcome, quietlyAtEnd: Bool) -> Bool {
    if let failure = outcome.failure, !NodeOutcome.isEnd(failure) { bodyFailed(failure) }
    guard !withState({ $0.hasForks }) else { return false }
    finish(value: outcome.value, failure: outcome.failure, quietlyAtEnd: quietlyAtEnd)
    return true
  }

  /// Waits for the attached forks, then ends the saga.
  func endAfterForks(_ outcome: BodyOutcome, quietlyAtEnd: Bool) async {
    waitingForForks()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isDone = withState { state in
        if state.hasForks { state.forksFinished = continuation }
        return !state.hasForks
      }
      if isDone { continuation.resume() }
    }
    finish(value: outcome.value, failure: outcome.failure, quietlyAtEnd: quietlyAtEnd)
  }

  private func finish(value: (any Sendable)?, failure: (any Error)?, quietlyAtEnd: Bool) {
    let ending = withState { state in
      state.isFinished = true
      state.task = nil
      let (outcome, thrown) = NodeOutcome.of(
        failure: failure, abort: state.abort, isCancelled: state.isCancelled,
        stack: self.stackUnlocked(state))
      if let thrown {
        state.result = .failure(thrown)
      } else if let failure, !quietlyAtEnd {
        state.result = .failure(failure)
      } else {
        state.result = .success(value ?? ())
      }
      defer {
        state.cleanups = []
        state.joiners = [:]
        state.work.handle = nil
      }
      return (outcome, state.cleanups, Array(state.joiners.values), state.work.handle)
    }
    let (outcome, cleanups, joiners, work) = ending
    for cleanup in cleanups { cleanup() }
    if let parent {
      parent.childFinished(self, outcome, workingFor: work?.origin)
    } else if reportsErrors, case .failed(let error, let stack) = outcome {
      core.report(error, stack)
    }
    work?.end()
    for joiner in joiners { joiner.resume() }
  }

  /// The stack, from inside the lock: the cached one, or built from the ancestors' (whose
  /// locks are not this one).
  private func stackUnlocked(_ state: NodeState) -> [String] {
    state.stack ?? (above?.stack ?? []) + [name]
  }

  // MARK: Joining

  /// Waits until the saga has finished; if `cancellable`, throws `CancellationError` when the
  /// waiting task is cancelled first (the saga keeps running).
  func waitUntilFinished(cancellable: Bool = true) async throws {
    let id = withState { state in
      defer { state.nextJoiner += 1 }
      return state.nextJoiner
    }
    let removeJoiner: @Sendable () -> CheckedContinuation<Void, any Error>? = { [self] in
      withState { $0.joiners.removeValue(forKey: id) }
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let isFinished = withState { state in
          if !state.isFinished { state.joiners[id] = continuation }
          return state.isFinished
        }
        if isFinished {
          continuation.resume()
        } else if cancellable, Task.isCancelled {
          removeJoiner()?.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      if cancellable { removeJoiner()?.resume(throwing: CancellationError()) }
    }
  }

  /// The saga's result, once finished.
  func result<Value: Sendable>(as type: Value.Type) -> Result<Value, any Error> {
    guard let result = withState({ $0.result }) else {
      preconditionFailure("a saga's result was read before it finished")
    }
    return result.map { value in
      guard let value = value as? Value else {
        preconditionFailure("a saga finished with a value of another type")
      }
      return value
    }
  }
}
