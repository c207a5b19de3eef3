import ReduxCore
import Synchronization

// One running saga in the task tree: a root, a fork or a spawn.
//
// Swift tasks do not propagate cancellation between unstructured tasks, nor let a child's
// error interrupt its parent, so the tree keeps redux-saga's rules itself:
// - a node finishes only after its attached children (`waitForChildren`);
// - `cancel()` cancels the node's own Swift task first, then its children in the order they
//   were forked, recursively; all saga tasks run on one serial executor, so their cleanup runs
//   in that order;
// - a child that fails aborts its parent: the parent remembers the error, its task and its
//   other children are cancelled, and the parent then fails with the child's error; an error a
//   child throws while it is being cancelled fails its parent too;
// - a body that throws cancels the node's children before the node fails;
// - a node that was cancelled ends cancelled, even if its body returned;
// - a failing node without a parent (a root or a spawn) reports to the runtime's error hook.
//
// Work reporting: a node holds a `WorkHandle` while it runs on behalf of a `send` (resumed by
// an action of that origin, or forked by a saga that was). `activeSlots` counts the node's
// pieces of code that are not waiting for an action (its body, or its race/all branches); when
// it drops to zero the handle ends.

/// How a node's work ended, as seen by its parent.
enum NodeOutcome: Sendable {
  case succeeded
  case cancelled
  case failed(any Error, stack: [String])
}

/// Begins work on the store the runtime is attached to; the description is built only when
/// the work is tracked.
typealias WorkStarter =
  @Sendable (_ origin: ActionOrigin, _ description: () -> String) ->
  WorkHandle?

/// What every node of one runtime shares.
final class NodeHooks: Sendable {
  let scheduler: SagaScheduler
  let report: @Sendable (_ error: any Error, _ stack: [String]) -> Void
  // In a struct: a closure stored directly as a generic lock's value would be re-wrapped in a
  // reabstraction thunk on every access.
  private struct Starter {
    let start: WorkStarter
  }
  private let workStarter = Lock<Starter?>(nil)
  let monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  private let effectIDs = Atomic<UInt64>(0)

  init(
    scheduler: SagaScheduler,
    report: @escaping @Sendable (_ error: any Error, _ stack: [String]) -> Void,
    monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  ) {
    self.scheduler = scheduler
    self.report = report
    self.monitor = monitor
  }

  /// A new id for a monitored effect; ids are unique within the runtime.
  func nextEffectID() -> UInt64 {
    effectIDs.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// Connects work reporting to the store (once, when the middleware is attached).
  func startWork(with starter: @escaping WorkStarter) {
    workStarter.withLock { $0 = Starter(start: starter) }
  }

  func beginWork(_ origin: ActionOrigin, _ description: () -> String) -> WorkHandle? {
    // Called under the lock: copying the closure out cost a retain and a release per resumed
    // take. The store's side takes only the store's work ledger, never this lock.
    workStarter.withLock { $0?.start(origin, description) }
  }
}

final class SagaNode: Sendable {
  let name: String
  /// The saga whose names come before this one's in its stack: the parent of a fork, the
  /// spawner of a spawn, the caller of a called saga; nil for a root.
  private let above: SagaNode?
  let parent: SagaNode?
  let hooks: NodeHooks
  private let state = Lock(NodeState())
  /// Where this node is in its parent's `children`, -1 if it was never added: read and
  /// written only under the parent's lock.
  private let indexInParent = Atomic<Int>(-1)
  /// The id of `state.work`'s origin (0 when there is no work), written with it under the
  /// lock, so a put reads its origin without the lock.
  private let workOrigin = Atomic<UInt64>(0)

  private struct NodeState {
    /// Cancels the node's Swift task; its take slot is `slot`.
    var cancelTask: (@Sendable () -> Void)?
    var slot: TakeSlot?
    /// The attached children in the order they were forked; a finished one leaves a nil
    /// until the array is compacted (a dictionary cost a hash per fork and per finish).
    var children: [SagaNode?] = []
    var liveChildren = 0
    /// Built on first use (monitor events, errors): a fork needs no array of its own.
    var stack: [String]?
    var isCancelled = false
    var isFinished = false
    var abort: (error: any Error, stack: [String])?
    var isAbortedByFork = false
    var childrenDrained: CheckedContinuation<Void, Never>?
    var finishWaiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    var nextWaiter: UInt64 = 0
    var cleanups: [@Sendable () -> Void] = []
    var work: WorkHandle?
    var activeSlots = 1
  }

  /// Whether a failure without a parent goes to the error hook (not for a called saga, whose
  /// caller gets the error).
  let reportsErrors: Bool

  init(
    name: String, above: SagaNode?, parent: SagaNode?, hooks: NodeHooks,
    reportsErrors: Bool = true
  ) {
    self.name = name
    self.above = above
    self.parent = parent
    self.hooks = hooks
    self.reportsErrors = reportsErrors
  }

  /// The names from the root to this saga; a spawned saga starts with its spawner's names.
  var stack: [String] {
    if let stack = state.withLock({ $0.stack }) { return stack }
    let stack = (above?.stack ?? []) + [name]
    state.withLock { $0.stack = stack }
    return stack
  }

  /// Creates a node for a saga called as a child: detached from this node's error rules (its
  /// error is thrown to the caller), its own fork scope.
  func makeCalled(name: String) -> SagaNode {
    SagaNode(name: name, above: self, parent: nil, hooks: hooks, reportsErrors: false)
  }

  // MARK: Monitoring

  /// Reports that an effect of this saga started; returns its id, or `nil` without a monitor.
  func effectStarted(_ effect: @autoclosure () -> SagaEffect) -> UInt64? {
    guard let monitor = hooks.monitor else { return nil }
    let id = hooks.nextEffectID()
    monitor(SagaMonitorEvent(effectID: id, sagaStack: stack, effect: effect(), phase: .started))
    return id
  }

  /// Reports that the effect with a given id (from `hooks.nextEffectID()`) started.
  func effectStarted(_ id: UInt64, _ effect: SagaEffect) {
    hooks.monitor?(
      SagaMonitorEvent(effectID: id, sagaStack: stack, effect: effect, phase: .started))
  }

  func effectEnded(_ id: UInt64, _ effect: SagaEffect, _ phase: SagaMonitorEvent.Phase) {
    hooks.monitor?(SagaMonitorEvent(effectID: id, sagaStack: stack, effect: effect, phase: phase))
  }

  /// Creates a child attached to this node; it starts cancelled if this node is cancelled,
  /// aborted or finished.
  func makeChild(name: String) -> SagaNode {
    let child = SagaNode(name: name, above: self, parent: self, hooks: hooks)
    let isLive = state.withLock { state in
      guard !state.isFinished else { return false }
      child.indexInParent.store(state.children.count, ordering: .relaxed)
      state.children.append(child)
      state.liveChildren += 1
      return !state.isCancelled && state.abort == nil
    }
    if !isLive { child.cancel() }
    return child
  }

  /// Creates a detached node that reports its own errors.
  func makeSpawn(name: String) -> SagaNode {
    SagaNode(name: name, above: self, parent: nil, hooks: hooks)
  }

  var isCancelled: Bool { state.withLock { $0.isCancelled } }
  var isFinished: Bool { state.withLock { $0.isFinished } }
  var isAborted: Bool { state.withLock { $0.abort != nil } }
  /// Whether an attached fork's error ended this saga.
  var isAbortedByFork: Bool { state.withLock { $0.isAbortedByFork } }
  var abortError: (any Error)? { state.withLock { $0.abort?.error } }
  /// Whether the saga must stop: cancelled or aborted (its Swift task may not know yet while it
  /// still runs the synchronous start of its body).
  var shouldStop: Bool { state.withLock { $0.isCancelled || $0.abort != nil } }

  // MARK: Work reporting

  /// The `send` this saga's current work descends from.
  var currentOrigin: ActionOrigin {
    ActionOrigin(id: workOrigin.load(ordering: .acquiring))
  }

  /// Sets `state.work` and its origin's mirror; call it under the lock.
  private func setWork(_ work: WorkHandle?, in state: inout NodeState) {
    state.work = work
    workOrigin.store(work?.origin.id ?? 0, ordering: .releasing)
  }

  /// Begins this node's work on behalf of `origin` (at its start).
  func beginWork(origin: ActionOrigin) {
    guard let handle = hooks.beginWork(origin, { "saga \(stack.joined(separator: " > "))" })
    else { return }
    let previous = state.withLock { state in
      defer { setWork(handle, in: &state) }
      return state.work
    }
    previous?.end()
  }

  /// One piece of this saga's code now waits for an action (a take, a channel take).
  func waitingForAction() {
    pieceStopped()
  }

  /// One piece of this saga's code stopped working; the work ends when none is left.
  private func pieceStopped() {
    let ended: WorkHandle? = state.withLock { state in
      state.activeSlots -= 1
      guard state.activeSlots <= 0 else { return nil }
      defer { setWork(nil, in: &state) }
      return state.work
    }
    ended?.end()
  }

  /// An action (or a value put by work of `origin`) resumes a piece of this saga's code; called
  /// inside the dispatch that delivers it, by the resumed take or by the channel put.
  func resumedByAction(origin: ActionOrigin) {
    guard state.withLock({ $0.work == nil }) else { return }
    beginWork(origin: origin)
  }

  /// The piece of code that waited for an action runs again (however it was resumed).
  func resumed() {
    state.withLock { $0.activeSlots += 1 }
  }

  /// A take resumed by an action delivered on behalf of `origin`: the piece of code runs
  /// again, and the saga works for `origin` if it worked for nobody. One lock, where
  /// `resumedByAction` then `resumed` took two.
  func resumed(byActionOf origin: ActionOrigin) {
    let isIdle = state.withLock { state in
      state.activeSlots += 1
      return state.work == nil
    }
    if isIdle { beginWork(origin: origin) }
  }

  /// The saga's code splits into `count` race or all branches, each a piece of its own.
  func enterBranches(_ count: Int) {
    state.withLock { $0.activeSlots += count - 1 }
  }

  /// A branch ended; the last one hands its piece back to the code that awaits the branches.
  func branchEnded(isLast: Bool) {
    if !isLast { pieceStopped() }
  }

  // MARK: Running

  /// Starts `body` in a new Swift task on the saga scheduler, following the tree's rules.
  /// `immediately`: run it up to its first wait before returning, when called while draining.
  func launch<State: Sendable, Value: Sendable>(
    runtime: SagaRuntime<State>, immediately: Bool,
    _ body: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> Task<Value, any Error> {
    let scheduler = runtime.scheduler
    let slot = TakeSlot(node: self, hub: runtime.hub)
    let captured = immediately && scheduler.captureNextJob()
    let claimed = immediately && !captured && scheduler.beginDrain()
    // The task inherits the slot from the binding around its creation: binding it inside the
    // task (the async `withValue`) costs four executor switches per task. The binding returns
    // nothing: returning the task made it generic over `Task<Value, _>`, whose metadata the
    // runtime then looked up on every fork.
    var created: Task<Value, any Error>?
    TakeSlot.$current.withValue(slot) {
      // Generic only where it must be: this code is not specialized for `Value`, and each
      // `Result<Value, _>` or `Value?` it built asked the runtime for its metadata (about 350
      // instructions each, three per fork).
      created = Task(executorPreference: scheduler) { [self] () async throws -> Value in
        let context = SagaContext(runtime: runtime, node: self, slot: slot)
        slot.beginOwning()
        let value: Value
        do {
          value = try await body(context)
        } catch {
          slot.endOwning()
          return try await ended(throwing: error)
        }
        slot.endOwning()
        if hasChildren { await waitForChildren() }
        try finish(failure: nil)
        return value
      }
    }
    guard let task = created else { preconditionFailure("the saga's task was not created") }
    // Before the task's first job runs: a saga cancelled (or aborted) before its task existed
    // starts with its task cancelled and its slot withdrawn, so its takes need not ask the
    // node.
    let cancelNow = state.withLock { state in
      if !state.isFinished {
        // Capturing only the task: a closure over one reference needs no context allocated.
        state.cancelTask = { task.cancel() }
        state.slot = slot
      }
      return !state.isFinished && (state.isCancelled || state.abort != nil)
    }
    if cancelNow {
      task.cancel()
      slot.withdraw()
    }
    if captured { scheduler.runCapturedJob() }
    if claimed { scheduler.endDrain() }
    return task
  }

  /// The end of a saga task whose body threw `error`; out of line, so the common path needs
  /// no `Value?` (its metadata is looked up at run time).
  private nonisolated(nonsending) func ended<Value>(throwing error: any Error) async throws
    -> Value
  {
    if !Self.isEnd(error) {
      // The body failed (or was cancelled): its forks stop before it ends, as in redux-saga.
      bodyFailed(error)
    }
    if hasChildren { await waitForChildren() }
    try finish(failure: error)
    // END ended the saga quietly: a `Void` saga simply returns.
    if let done = () as? Value { return done }
    throw error
  }

  private static func isEnd(_ error: any Error) -> Bool {
    (error as? ChannelError) == .closed
  }

  /// Cancels this saga, the effect it is blocked on, and its attached forks, recursively: its
  /// own task first, then its forks in the order they were forked.
  func cancel() {
    let work: (cancelTask: (@Sendable () -> Void)?, slot: TakeSlot?, children: [SagaNode])? =
      state.withLock { state in
        guard !state.isFinished, !state.isCancelled else { return nil }
        state.isCancelled = true
        return (state.cancelTask, state.slot, Self.ordered(state.children))
      }
    guard let work else { return }
    // The task first, then its slot: a take registered in between sees the cancellation.
    work.cancelTask?()
    work.slot?.withdraw()
    for child in work.children { child.cancel() }
  }

  /// Cancels the children of a body that threw; its error (unless a cancellation) wins over
  /// any error their cleanup throws.
  private func bodyFailed(_ error: any Error) {
    let stack = stack  // built outside the lock, which building it takes
    let children = state.withLock { state in
      if state.abort == nil, !(error is CancellationError) { state.abort = (error, stack) }
      return Self.ordered(state.children)
    }
    for child in children { child.cancel() }
  }

  private static func ordered(_ children: [SagaNode?]) -> [SagaNode] {
    children.compactMap { $0 }
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

  private var hasChildren: Bool { state.withLock { $0.liveChildren > 0 } }

  private nonisolated(nonsending) func waitForChildren() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isDrained = state.withLock { state in
        if state.liveChildren > 0 { state.childrenDrained = continuation }
        return state.liveChildren == 0
      }
      if isDrained { continuation.resume() }
    }
  }

  /// Called by a child when it has finished.
  private func childFinished(_ child: SagaNode, _ outcome: NodeOutcome) {
    var toCancel: [SagaNode] = []
    var cancelTask: (@Sendable () -> Void)?
    var slot: TakeSlot?
    let drained: CheckedContinuation<Void, Never>? = state.withLock { state in
      Self.remove(child, from: &state)
      if case .failed(let error, let stack) = outcome, state.abort == nil {
        // Also while cancelled: an error thrown by a fork's cleanup is not lost.
        state.abort = (error, stack)
        state.isAbortedByFork = true
        if !state.isCancelled {
          toCancel = Self.ordered(state.children)
          cancelTask = state.cancelTask
          slot = state.slot
        }
      }
      guard state.liveChildren == 0, let drained = state.childrenDrained else { return nil }
      state.childrenDrained = nil
      return drained
    }
    cancelTask?()
    slot?.withdraw()
    for sibling in toCancel { sibling.cancel() }
    drained?.resume()
  }

  /// Takes a finished child out of `children` (under this node's lock). The array empties
  /// when the last live child goes, and is compacted when mostly holes, so a long-lived saga
  /// that forks workers forever does not grow it.
  private static func remove(_ child: SagaNode, from state: inout NodeState) {
    let index = child.indexInParent.load(ordering: .relaxed)
    guard index >= 0, index < state.children.count, state.children[index] === child else {
      return
    }
    state.children[index] = nil
    state.liveChildren -= 1
    if state.liveChildren == 0 {
      state.children.removeAll(keepingCapacity: state.children.count <= 1_024)
    } else if state.children.count >= 64, state.liveChildren * 4 < state.children.count {
      state.children = state.children.filter { $0 != nil }
      for (index, child) in state.children.enumerated() {
        child?.indexInParent.store(index, ordering: .relaxed)
      }
    }
  }

  /// Records the end of this node and tells its parent or the error hook. `failure` is what
  /// the body threw, nil if it returned. Throws what the Swift task ends with; returns when it
  /// ends with the body's value (or, after a failure, when END ended the saga quietly).
  private func finish(failure: (any Error)?) throws {
    let (abort, isCancelled, cleanups, waiters, work) = state.withLock { state in
      state.isFinished = true
      state.cancelTask = nil
      state.slot = nil
      defer {
        state.cleanups = []
        state.finishWaiters = [:]
        setWork(nil, in: &state)
      }
      return (
        state.abort, state.isCancelled, state.cleanups, Array(state.finishWaiters.values),
        state.work
      )
    }
    for cleanup in cleanups { cleanup() }

    // What the task throws; nil when it returns.
    let ending: (any Error)?
    let nodeOutcome: NodeOutcome
    if let abort {
      ending = abort.error
      nodeOutcome = .failed(abort.error, stack: abort.stack)
    } else if let failure {
      if Self.isEnd(failure) {
        // Taking after END ends a saga quietly, as in redux-saga (cancelled if it was).
        ending = isCancelled ? CancellationError() : nil
        nodeOutcome = isCancelled ? .cancelled : .succeeded
      } else if failure is CancellationError {
        ending = failure
        nodeOutcome = .cancelled
      } else {
        // Also when cancelled: an error thrown by cleanup code is a failure.
        ending = failure
        nodeOutcome = .failed(failure, stack: stack)
      }
    } else if isCancelled {
      // A saga that cancelled itself and returned still ends cancelled.
      ending = CancellationError()
      nodeOutcome = .cancelled
    } else {
      ending = nil
      nodeOutcome = .succeeded
    }
    if let parent {
      parent.childFinished(self, nodeOutcome)
    } else if reportsErrors, case .failed(let error, let stack) = nodeOutcome {
      hooks.report(error, stack)
    }
    work?.end()
    for waiter in waiters { waiter.resume() }
    if let ending { throw ending }
  }
}
