import ReduxCore
import ReduxSeam
import Synchronization

// One running saga in the task tree: a root, a fork, a spawn, or a saga called as a child
// (redux-saga's task). Swift tasks do not propagate cancellation between unstructured tasks,
// nor let a child's error interrupt its parent, so the tree keeps redux-saga's rules itself.
// A node is three things under one lock:
// - the task (this file): its Swift task and take slot, cancellation, the cleanups and waiters
//   that run when it finishes, and how it ends (`NodeOutcome`);
// - its fork scope (ForkScope.swift): the attached forks it waits for, and the abort rule;
// - its work (SagaWork.swift): the store's work it does for a `send`, and its running strands.
// `launch` (SagaLaunch.swift) runs a node's body on the saga scheduler.
//
// The rules:
// - `cancel()` cancels the node's own Swift task first, then its children in the order they
//   were forked, recursively; all saga tasks run on one serial executor, so their cleanup runs
//   in that order;
// - a node finishes only after its attached children; then its cleanups run, its parent (or
//   the error hook, for a root or a spawn that failed) hears how it ended, and its joiners
//   resume.

/// One running saga in the task tree.
final class SagaNode: Sendable {
  let name: String
  /// The saga whose names come before this one's in its stack: the parent of a fork, the
  /// spawner of a spawn, the caller of a called saga; nil for a root.
  private let above: SagaNode?
  /// Whether the node is attached to `above` (a fork): its ``parent``. One reference for both,
  /// not two: each was a retain when the fork started and a release when it went.
  private let isAttached: Bool
  let hooks: NodeHooks
  /// Whether a failure without a parent goes to the error hook (not for a called saga, whose
  /// caller gets the error).
  let reportsErrors: Bool
  /// The lock of the node's task, fork scope and work (``withState(_:)``): one lock, so a step
  /// that touches two of them (a fork's failure cancels its parent's task) takes it once. In
  /// the node itself, as is the state it guards: a `Lock` is an object of its own, a second
  /// allocation per fork.
  private let lock = LockWord(
    reentry: "a saga node's lock was taken again by the thread that holds it")
  /// Read and written only between `lock.lock()` and `lock.unlock()` (``withState(_:)``), which
  /// makes every access exclusive: the runtime's dynamic exclusivity check would only add cost.
  @exclusivity(unchecked) nonisolated(unsafe) private var lockedState = NodeState()
  /// The put the node's own task has in flight (NodePut.swift). Only that task writes it,
  /// before the scheduler holds the put; the threads that send and complete the put read it
  /// after, ordered by the scheduler's and the store's locks.
  @exclusivity(unchecked) nonisolated(unsafe) var ownPut = OwnPut()
  /// Its rounds through the store.
  let ownPutRounds = PutRounds()
  /// This node's neighbours in its parent's fork scope (``ForkScope``): read and written only
  /// under the parent's lock, which is what makes the `nonisolated(unsafe)` sound (and each
  /// access exclusive, so the runtime need not check it).
  @exclusivity(unchecked) nonisolated(unsafe) var siblings = SiblingLinks()
  /// The id of `state.work`'s origin (0 when there is no work), written with it under the
  /// lock, so a put reads its origin without the lock.
  let workOrigin = Atomic<UInt64>(0)
  /// `state.isFinished`, written with it under the lock (and never reset).
  private let hasFinished = Atomic<Bool>(false)
  /// The node is its own task's take slot (``TakeSlot/saga(_:)``): whether it was withdrawn.
  let takeWithdrawal = TakeWithdrawal()
  /// The saga's value (its task returns nothing, see ``launch(runtime:immediately:_:)``).
  /// Written only by the saga's task, before it ends; read only once the task has ended, which
  /// orders the two (the Swift runtime's task completion).
  /// Not optional: an optional existential is assigned and destroyed through the runtime's
  /// generic value witnesses (about 100 instructions each); a saga of no value keeps `()`.
  @exclusivity(unchecked) nonisolated(unsafe) var returned: any Sendable = ()

  /// A node named `name` under `above`, attached to it if `isAttached` (a fork).
  init(
    name: String, above: SagaNode?, isAttached: Bool = false, hooks: NodeHooks,
    reportsErrors: Bool = true
  ) {
    self.name = name
    self.above = above
    self.isAttached = isAttached
    self.hooks = hooks
    self.reportsErrors = reportsErrors
  }

  /// The saga this one is attached to (a fork's parent): it waits for this one, and hears how
  /// it ended; nil for a root, a spawn or a called saga.
  var parent: SagaNode? { isAttached ? above : nil }

  /// Runs `body` with the node's state, under the node's lock.
  @inline(__always)
  func withState<Result>(_ body: (inout NodeState) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&lockedState)
  }

  /// The names from the root to this saga; a spawned saga starts with its spawner's names.
  var stack: [String] {
    if let stack = withState({ $0.extras?.stack }) { return stack }
    let stack = (above?.stack ?? []) + [name]
    withState { $0.withExtras { $0.stack = stack } }
    return stack
  }

  /// Creates a node for a saga called as a child: detached from this node's error rules (its
  /// error is thrown to the caller), its own fork scope.
  func makeCalled(name: String) -> SagaNode {
    let child = SagaNode(name: name, above: self, hooks: hooks, reportsErrors: false)
    child.inheritContext(withState { $0.extras?.context })
    return child
  }

  /// Creates a detached node that reports its own errors.
  func makeSpawn(name: String) -> SagaNode {
    let child = SagaNode(name: name, above: self, hooks: hooks)
    child.inheritContext(withState { $0.extras?.context })
    return child
  }

  var isCancelled: Bool { withState { $0.isCancelled } }
  /// Whether the node has finished: a snapshot, read without the lock (a fork asks it of
  /// every fork it starts).
  var isFinished: Bool { hasFinished.load(ordering: .acquiring) }
  /// Whether the saga must stop: cancelled or aborted (its Swift task may not know yet while it
  /// still runs the synchronous start of its body).
  var shouldStop: Bool { withState { $0.isCancelled || $0.scope.abort != nil } }

  /// Cancels this saga, the effect it is blocked on, and its attached forks, recursively: its
  /// own task first, then its forks in the order they were forked.
  func cancel() {
    let work: (task: Task<Void, any Error>?, children: [SagaNode])? =
      withState { state in
        guard !state.isFinished, !state.isCancelled else { return nil }
        state.isCancelled = true
        return (state.task, state.scope.children)
      }
    guard let work else { return }
    // The task first, then its slot: a take registered in between sees the cancellation.
    if let task = work.task {
      task.cancel()
      TakeSlot.of(self).withdraw()
    }
    for child in work.children { child.cancel() }
  }

  /// Runs `cleanup` when this node finishes, or now if it already has.
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let isFinished = withState { state in
      if !state.isFinished { state.withExtras { $0.cleanups.append(cleanup) } }
      return state.isFinished
    }
    if isFinished { cleanup() }
  }

  /// Waits until this node has finished; throws `CancellationError` if the waiting task is
  /// cancelled first (the node keeps running).
  func waitUntilFinished() async throws {
    let id = withState { state in
      state.withExtras { extras in
        defer { extras.nextWaiter += 1 }
        return extras.nextWaiter
      }
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let isFinished = withState { state in
          if !state.isFinished { state.withExtras { $0.finishWaiters[id] = continuation } }
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

  private func removeWaiter(_ id: UInt64) -> Joiner? {
    withState { $0.extras?.finishWaiters.removeValue(forKey: id) }
  }

  /// Records the end of this node, runs its cleanups, and tells its parent or the error hook.
  /// `failure` is what the body threw, nil if it returned. Throws what the Swift task ends
  /// with; returns when it ends with the body's value (or, after a failure, when END ended the
  /// saga quietly).
  func finish(failure: (any Error)?) throws {
    _ = try finish(failure: failure, unlessForksRun: false)
  }

  /// ``finish(failure:)``, unless `unlessForksRun` and attached forks still run: then returns
  /// false and changes nothing. Asking and finishing take the lock once.
  func finish(failure: (any Error)?, unlessForksRun: Bool) throws -> Bool {
    var ending = NodeEnding()
    let isFinishing = withState { state in
      if unlessForksRun, state.scope.hasChildren { return false }
      state.isFinished = true
      hasFinished.store(true, ordering: .releasing)
      state.task = nil
      ending.take(from: &state)
      setWork(nil, in: &state)
      return true
    }
    guard isFinishing else { return false }
    if let cleanups = ending.cleanups {
      for cleanup in cleanups { cleanup() }
    }
    var thrown: (any Error)?
    if failure == nil, ending.abort == nil, !ending.isCancelled {
      // The common end: the body returned, and nothing aborted or cancelled the saga.
      parent?.childFinished(self, .succeeded, workingFor: ending.work?.origin)
    } else {
      let outcome: NodeOutcome
      (outcome, thrown) = NodeOutcome.of(
        failure: failure, abort: ending.abort, isCancelled: ending.isCancelled, stack: stack)
      if let parent {
        parent.childFinished(self, outcome, workingFor: ending.work?.origin)
      } else if reportsErrors, case .failed(let error, let stack) = outcome {
        hooks.report(error, stack)
      }
    }
    ending.work?.end()
    if let waiters = ending.waiters {
      for waiter in waiters { waiter.resume() }
    }
    if let thrown { throw thrown }
    return true
  }
}

/// What a node's end takes out of its state, under its lock. A struct: an optional tuple is
/// handled through the runtime's generic value witnesses.
struct NodeEnding {
  var abort: ForkAbort?
  var isCancelled = false
  var work: WorkHandle?
  /// The cleanups to run and the joiners to resume; nil (no arrays to copy) when the node never
  /// had any.
  var cleanups: [@Sendable () -> Void]?
  var waiters: [Joiner]?

  /// Takes what the end needs from `state`, leaving it without cleanups or joiners.
  mutating func take(from state: inout NodeState) {
    abort = state.scope.abort
    isCancelled = state.isCancelled
    work = state.work.handle
    if state.extras != nil {
      let (cleanups, waiters) = state.takeEnding()
      self.cleanups = cleanups
      self.waiters = waiters
    }
  }
}

/// What a ``SagaNode`` decides on, under its lock.
struct NodeState {
  /// The node's Swift task, to cancel (its take slot is the node); nil once it has finished.
  var task: Task<Void, any Error>?
  var isCancelled = false
  var isFinished = false
  var scope = ForkScope()
  var work = SagaWork()
  /// What few sagas use, nil until one does: a fork that nobody joins, with no cleanup, no
  /// context and no monitor, creates and destroys none of it.
  var extras: NodeExtras?

  /// Runs `body` on the extras, creating them first.
  mutating func withExtras<Result>(_ body: (inout NodeExtras) -> Result) -> Result {
    if extras == nil { extras = NodeExtras() }
    return body(&extras!)
  }

  /// Takes out the cleanups to run and the joiners to resume at the node's end.
  mutating func takeEnding() -> (cleanups: [@Sendable () -> Void], waiters: [Joiner]) {
    guard let ending = extras else { return ([], []) }
    extras?.cleanups = []
    extras?.finishWaiters = [:]
    return (ending.cleanups, Array(ending.finishWaiters.values))
  }
}

/// A task waiting in `join` for a saga's end.
typealias Joiner = CheckedContinuation<Void, any Error>

/// The parts of a ``NodeState`` that few sagas use.
struct NodeExtras {
  /// Built on first use (monitor events, errors): a fork needs no array of its own.
  var stack: [String]?
  var finishWaiters: [UInt64: Joiner] = [:]
  var nextWaiter: UInt64 = 0
  var cleanups: [@Sendable () -> Void] = []
  /// The saga context (`setContext`/`getContext`): a copy of the parent's at the fork.
  var context: [String: any Sendable] = [:]
}

/// A fork's neighbours in its parent's ``ForkScope``, unretained (see there).
struct SiblingLinks {
  var previous: Unmanaged<SagaNode>?
  var next: Unmanaged<SagaNode>?
  /// Whether the fork is in the list (a fork whose parent had finished never is).
  var isLinked = false
}
