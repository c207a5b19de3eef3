import ReduxCore
import ReduxSeam

// A saga's attached forks, and the rule that a failure anywhere in the scope aborts it
// (redux-saga's fork queue):
// - a saga finishes only after its attached forks (`waitForChildren`);
// - a fork that fails aborts its parent: the parent remembers the error, its task and its
//   other forks are cancelled, and the parent then fails with the fork's error; an error a
//   fork throws while it is being cancelled fails its parent too;
// - a body that throws cancels the saga's forks before the saga fails;
// - a fork made by a saga that is cancelled, aborted or finished starts cancelled.

/// The error that aborted a saga, and the saga stack it came from. A struct, not a tuple: an
/// optional tuple is copied, destroyed and compared with nil through the runtime's generic
/// value witnesses, about a hundred instructions each time, several times per fork.
struct ForkAbort {
  let error: any Error
  let stack: [String]
}

/// The attached forks of one saga, in fork order, and the error that aborted it: a value in
/// the saga's ``NodeState``, changed under the node's lock.
///
/// The forks are a doubly linked list through the forks themselves (``SagaNode/siblings``):
/// adding one and taking a finished one out cost a few pointer writes, where an array of forks
/// grew, left holes and was compacted. The list holds its forks unretained: a fork stays in it
/// only while its task runs, which keeps it alive (a fork takes itself out as it finishes).
struct ForkScope {
  private var first: Unmanaged<SagaNode>?
  private var last: Unmanaged<SagaNode>?
  private var liveCount = 0
  /// The first error of the saga (its body's) or of one of its forks, with the saga stack it
  /// came from.
  var abort: ForkAbort?
  /// Whether `abort` came from a fork.
  var isAbortedByFork = false
  /// The saga's task, waiting in `waitForChildren()` for its last fork to finish.
  /// Unsafe: resumed exactly once, by whoever takes it (the last fork as it finishes); an
  /// optional checked continuation was copied and destroyed through the runtime's generic
  /// value witnesses, about a hundred instructions each time, three times per fork.
  var drained: UnsafeContinuation<Void, Never>?

  /// The forks still running, in fork order.
  var children: [SagaNode] {
    var children: [SagaNode] = []
    children.reserveCapacity(liveCount)
    var next = first
    while let node = next?.takeUnretainedValue() {
      children.append(node)
      next = node.siblings.next
    }
    return children
  }

  var hasChildren: Bool { liveCount > 0 }

  /// Adds a fork, at the end.
  mutating func add(_ child: SagaNode) {
    let link = Unmanaged.passUnretained(child)
    child.siblings = SiblingLinks(previous: last, next: nil, isLinked: true)
    if let last { last.takeUnretainedValue().siblings.next = link } else { first = link }
    last = link
    liveCount += 1
  }

  /// Takes a finished fork out.
  mutating func remove(_ child: SagaNode) {
    let links = child.siblings
    guard links.isLinked else { return }
    if let previous = links.previous {
      previous.takeUnretainedValue().siblings.next = links.next
    } else {
      first = links.next
    }
    if let next = links.next {
      next.takeUnretainedValue().siblings.previous = links.previous
    } else {
      last = links.previous
    }
    child.siblings = SiblingLinks()
    liveCount -= 1
  }

  /// The task waiting for the forks, once the last one has finished.
  mutating func takeDrained() -> UnsafeContinuation<Void, Never>? {
    guard liveCount == 0 else { return nil }
    return drained.take()
  }
}

extension SagaNode {
  /// Creates a fork attached to this saga; it starts cancelled if this saga is cancelled,
  /// aborted or finished.
  func makeChild(name: String) -> SagaNode {
    let child = SagaNode(name: name, above: self, isAttached: true, hooks: hooks)
    let (isLive, context) = withState { state in
      guard !state.isFinished else { return (false, state.extras?.context) }
      state.scope.add(child)
      return (!state.isCancelled && state.scope.abort == nil, state.extras?.context)
    }
    child.inheritContext(context)
    if !isLive { child.cancel() }
    return child
  }

  var isAborted: Bool { withState { $0.scope.abort != nil } }
  /// Whether an attached fork's error ended this saga.
  var isAbortedByFork: Bool { withState { $0.scope.isAbortedByFork } }
  var abortError: (any Error)? { withState { $0.scope.abort?.error } }
  /// Ends the saga (``finish(failure:)``) once its attached forks have finished; for a saga
  /// that ``finish(failure:unlessForksRun:)`` found with forks still running.
  nonisolated(nonsending) func finishAfterForks(failure: (any Error)?) async throws {
    waitingForForks()
    await waitForChildren()
    try finish(failure: failure)
  }

  /// Waits until every attached fork has finished.
  nonisolated(nonsending) func waitForChildren() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      let isDrained = withState { state in
        if state.scope.hasChildren { state.scope.drained = continuation }
        return !state.scope.hasChildren
      }
      if isDrained { continuation.resume() }
    }
  }

  /// Cancels the forks of a body that threw; its error (unless a cancellation) wins over any
  /// error their cleanup throws.
  func bodyFailed(_ error: any Error) {
    let stack = stack  // built outside the lock, which building it takes
    let children = withState { state in
      if state.scope.abort == nil, !(error is CancellationError) {
        state.scope.abort = ForkAbort(error: error, stack: stack)
      }
      return state.scope.children
    }
    for child in children { child.cancel() }
  }

  /// Called by a fork when it has finished: a failure aborts this saga (its task, its take and
  /// its other forks are cancelled), and the last fork resumes the task waiting for them,
  /// handing on the `send` it worked for (`origin`).
  func childFinished(_ child: SagaNode, _ outcome: NodeOutcome, workingFor origin: ActionOrigin?) {
    var toCancel: [SagaNode] = []
    var task: Task<Void, any Error>?
    let drained: UnsafeContinuation<Void, Never>? = withState { state in
      state.scope.remove(child)
      if case .failed(let error, let stack) = outcome, state.scope.abort == nil {
        // Also while cancelled: an error thrown by a fork's cleanup is not lost.
        state.scope.abort = ForkAbort(error: error, stack: stack)
        state.scope.isAbortedByFork = true
        if !state.isCancelled {
          toCancel = state.scope.children
          task = state.task
        }
      }
      return state.scope.takeDrained()
    }
    if let task {
      task.cancel()
      TakeSlot.of(self).withdraw()
    }
    for sibling in toCancel { sibling.cancel() }
    if let drained {
      lastForkFinished(workingFor: origin)
      drained.resume()
    }
  }
}
