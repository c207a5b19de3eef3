// One running saga in the task tree: a root, a fork or a spawn.
//
// Swift tasks do not propagate cancellation between unstructured tasks, nor let a child's
// error interrupt its parent, so the tree keeps redux-saga's rules itself:
// - a node finishes only after its attached children (`waitForChildren`);
// - `cancel()` cancels the node's Swift task and, recursively, its children;
// - a child that fails aborts its parent: the parent remembers the error, its task and its
//   other children are cancelled, and the parent then fails with the child's error;
// - a failing node without a parent (a root or a spawn) reports to the runtime's `onError`.

/// How a node's work ended, as seen by its parent.
enum NodeOutcome: Sendable {
  case succeeded
  case cancelled
  case failed(any Error, stack: [String])
}

final class SagaNode: Sendable {
  let name: String
  /// The names from the root to this saga; a spawned saga starts with its spawner's names.
  let stack: [String]
  let parent: SagaNode?
  private let report: @Sendable (_ error: any Error, _ stack: [String]) -> Void
  private let state = Protected(NodeState())

  private struct NodeState {
    var cancelTask: (@Sendable () -> Void)?
    var children: [ObjectIdentifier: SagaNode] = [:]
    var isCancelled = false
    var isFinished = false
    var abort: (error: any Error, stack: [String])?
    var childrenDrained: CheckedContinuation<Void, Never>?
    var finishWaiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    var nextWaiter: UInt64 = 0
    var cleanups: [@Sendable () -> Void] = []
  }

  init(
    name: String, stack: [String], parent: SagaNode?,
    report: @escaping @Sendable (_ error: any Error, _ stack: [String]) -> Void
  ) {
    self.name = name
    self.stack = stack
    self.parent = parent
    self.report = report
  }

  /// Creates a child attached to this node; it starts cancelled if this node is cancelled,
  /// aborted or finished.
  func makeChild(name: String) -> SagaNode {
    let child = SagaNode(name: name, stack: stack + [name], parent: self, report: report)
    let isLive = state.withLock { state in
      guard !state.isFinished else { return false }
      state.children[ObjectIdentifier(child)] = child
      return !state.isCancelled && state.abort == nil
    }
    if !isLive { child.cancel() }
    return child
  }

  /// Creates a detached node that reports its own errors.
  func makeSpawn(name: String) -> SagaNode {
    SagaNode(name: name, stack: stack + [name], parent: nil, report: report)
  }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }
  var isFinished: Bool { state.withLock { $0.isFinished } }
  var isAborted: Bool { state.withLock { $0.abort != nil } }
  /// Whether the saga must stop: cancelled or aborted (its Swift task may not know yet while it
  /// still runs the synchronous start of its body).
  var shouldStop: Bool { state.withLock { $0.isCancelled || $0.abort != nil } }

  /// Starts `body` in a new Swift task that follows the tree's rules.
  func launch<State: Sendable, Value: Sendable>(
    runtime: SagaRuntime<State>,
    _ body: sending @escaping (SagaContext<State>) async throws -> Value
  ) -> Task<Value, any Error> {
    let task = startTask { [self] () async throws -> Value in
      let context = SagaContext(runtime: runtime, node: self)
      let outcome: Result<Value, any Error>
      do {
        outcome = .success(try await body(context))
      } catch {
        outcome = .failure(error)
      }
      await waitForChildren()
      return try finish(outcome)
    }
    let cancelNow = state.withLock { state in
      if !state.isFinished { state.cancelTask = { task.cancel() } }
      return state.isCancelled || state.abort != nil
    }
    if cancelNow { task.cancel() }
    return task
  }

  /// Cancels this saga, the effect it is blocked on, and its attached forks, recursively.
  func cancel() {
    let work: (cancelTask: (@Sendable () -> Void)?, children: [SagaNode])? = state.withLock {
      state in
      guard !state.isFinished, !state.isCancelled else { return nil }
      state.isCancelled = true
      return (state.cancelTask, Array(state.children.values))
    }
    guard let work else { return }
    work.cancelTask?()
    for child in work.children { child.cancel() }
  }

  /// Runs `cleanup` when this node finishes, or now if it already has.
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let isFinished = state.withLock { state in
      if !state.isFinished { state.cleanups.append(cleanup) }
      return state.isFinished
    }
    if isFinished { cleanup() }
  }

  /// Waits until this node has finished; throws `CancellationError` if the waiting task is
  /// cancelled first (the node keeps running).
  func waitUntilFinished() async throws {
    let id = state.withLock { state in
      defer { state.nextWaiter += 1 }
      return state.nextWaiter
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let isFinished = state.withLock { state in
          if !state.isFinished { state.finishWaiters[id] = continuation }
          return state.isFinished
        }
        if isFinished {
          continuation.resume()
        } else if Task.isCancelled {
          removeWaiter(id)?.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      removeWaiter(id)?.resume(throwing: CancellationError())
    }
  }

  private func removeWaiter(_ id: UInt64) -> CheckedContinuation<Void, any Error>? {
    state.withLock { $0.finishWaiters.removeValue(forKey: id) }
  }

  private func waitForChildren() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isDrained = state.withLock { state in
        if !state.children.isEmpty { state.childrenDrained = continuation }
        return state.children.isEmpty
      }
      if isDrained { continuation.resume() }
    }
  }

  /// Called by a child when it has finished.
  private func childFinished(_ child: SagaNode, _ outcome: NodeOutcome) {
    var toCancel: [SagaNode] = []
    var cancelTask: (@Sendable () -> Void)?
    let drained: CheckedContinuation<Void, Never>? = state.withLock { state in
      state.children.removeValue(forKey: ObjectIdentifier(child))
      if case .failed(let error, let stack) = outcome, state.abort == nil, !state.isCancelled {
        state.abort = (error, stack)
        toCancel = Array(state.children.values)
        cancelTask = state.cancelTask
      }
      guard state.children.isEmpty, let drained = state.childrenDrained else { return nil }
      state.childrenDrained = nil
      return drained
    }
    cancelTask?()
    for sibling in toCancel { sibling.cancel() }
    drained?.resume()
  }

  /// Records the end of this node, tells its parent or the error hook, and returns the value
  /// the Swift task ends with.
  private func finish<Value>(_ outcome: Result<Value, any Error>) throws -> Value {
    let (abort, isCancelled, cleanups, waiters) = state.withLock { state in
      state.isFinished = true
      state.cancelTask = nil
      defer {
        state.cleanups = []
        state.finishWaiters = [:]
      }
      return (state.abort, state.isCancelled, state.cleanups, Array(state.finishWaiters.values))
    }
    for cleanup in cleanups { cleanup() }

    let result: Result<Value, any Error>
    let nodeOutcome: NodeOutcome
    if let abort {
      result = .failure(abort.error)
      nodeOutcome = .failed(abort.error, stack: abort.stack)
    } else {
      result = outcome
      switch outcome {
      case .success:
        nodeOutcome = .succeeded
      case .failure(let error as ChannelError) where error == .closed:
        // Taking after END ends a saga quietly, as in redux-saga.
        nodeOutcome = .succeeded
      case .failure(let error) where isCancelled || error is CancellationError:
        nodeOutcome = .cancelled
      case .failure(let error):
        nodeOutcome = .failed(error, stack: stack)
      }
    }
    if let parent {
      parent.childFinished(self, nodeOutcome)
    } else if case .failed(let error, let stack) = nodeOutcome {
      report(error, stack)
    }
    for waiter in waiters { waiter.resume() }
    if case .failure(let error as ChannelError) = result, error == .closed,
      case .succeeded = nodeOutcome,
      let done = () as? Value
    {
      // A `Void` saga ended by END simply returns.
      return done
    }
    return try result.get()
  }
}

/// Starts a task that runs synchronously on the calling thread until its first suspension,
/// where the platform allows: so a saga's first `take` is registered before `run` or `fork`
/// returns, as in redux-saga. Older Apple platforms start it on the global executor instead.
private func startTask<Value: Sendable>(
  _ operation: sending @escaping () async throws -> Value
) -> Task<Value, any Error> {
  if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
    return Task.immediate(operation: operation)
  } else {
    return Task(operation: operation)
  }
}
