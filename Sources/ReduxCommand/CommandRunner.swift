import ReduxCore

// Running commands. A command's synchronous parts (actions, cancels) run at once, in order, on
// the calling thread; each asynchronous job runs in its own task. Every job belongs to a
// cancellation scope: the runner's root, or the scope a `cancellable(id:)` opened. Scopes form a
// tree, so cancelling one cancels everything started inside it, and a scope leaves the id
// registry by itself when its last job ends.

/// Where a sent action goes: to the store (wrapped in a ``CommandEnvelope``) or to a test's log.
typealias CommandSink = @Sendable (_ action: any Action, _ scope: CommandScope) -> Void

/// Everything a running command part needs: its scope, where actions go, and the ``Command/map(_:)``
/// transforms on the way.
struct CommandEnvironment: Sendable {
  var scope: CommandScope
  let registry: CancellationRegistry
  let sink: CommandSink
  var transform: (@Sendable (any Action) -> any Action)?

  /// Sends an action unless the scope was cancelled. The sink checks again where the action
  /// lands (see ``CommandEnvelope``), because a cancel may happen between here and there.
  func send(_ action: any Action) {
    guard scope.isActive else { return }
    sink(transform.map { $0(action) } ?? action, scope)
  }
}

/// An action sent by a command, on its way through the store: the store's command middleware
/// drops it if its scope was cancelled before the store got to it, and unwraps it otherwise, so
/// no other middleware ever sees the envelope. Its scope counts it as a delivery until then
/// (``CommandScope/beginDelivery()``), so that a cancel finds the scope even if its job has
/// already ended.
struct CommandEnvelope: Action {
  let action: any Action
  let scope: CommandScope
}

/// Starts commands for one store (or one ``Command/collectActions()`` run); releasing it
/// cancels everything it started.
final class CommandRunner: Sendable {
  private let registry = CancellationRegistry()
  let root: CommandScope

  init() {
    root = CommandScope(id: nil, parent: nil, registry: registry)
  }

  deinit {
    root.cancel()
  }

  /// Runs the synchronous parts of `command` now and starts its jobs; returns the tasks that
  /// finish when all of its asynchronous work has ended.
  @discardableResult
  func start(_ command: Command, sink: @escaping CommandSink) -> [Task<Void, Never>] {
    Self.start(command, in: CommandEnvironment(scope: root, registry: registry, sink: sink))
  }

  private static func start(
    _ command: Command, in environment: CommandEnvironment
  ) -> [Task<Void, Never>] {
    guard environment.scope.isActive else { return [] }
    switch command.kind {
    case .none:
      return []
    case .action(let action):
      environment.send(action)
      return []
    case .cancel(let id):
      environment.registry.cancel(id: id)
      return []
    case .run(let work):
      let send = Command.Send(environment: environment)
      return environment.scope.spawn { await work(send) }.map { [$0] } ?? []
    case .batch(let commands):
      return commands.flatMap { start($0, in: environment) }
    case .concatenate(let commands):
      return startInOrder(commands[...], in: environment)
    case .map(let command, let transform):
      var inner = environment
      if let outer = environment.transform {
        inner.transform = { outer(transform($0)) }
      } else {
        inner.transform = transform
      }
      return start(command, in: inner)
    case .cancellable(let command, let id, let cancelInFlight):
      guard let scope = environment.scope.makeChild(id: id) else { return [] }
      let replaced = environment.registry.register(scope, id: id, replacing: cancelInFlight)
      for old in replaced { old.cancel() }
      var inner = environment
      inner.scope = scope
      let tasks = start(command, in: inner)
      scope.finishStarting()
      return tasks
    }
  }

  /// Runs parts one after the other: synchronous parts at once, and from the first part that
  /// has to wait, the rest in a task of the current scope.
  private static func startInOrder(
    _ commands: ArraySlice<Command>, in environment: CommandEnvironment
  ) -> [Task<Void, Never>] {
    var rest = commands
    while let first = rest.popFirst() {
      let pending = start(first, in: environment)
      if pending.isEmpty { continue }
      if rest.isEmpty { return pending }
      let remaining = rest
      let continuation = environment.scope.spawn {
        await waitForAll(pending)
        for command in remaining {
          await waitForAll(start(command, in: environment))
        }
      }
      return continuation.map { [$0] } ?? pending
    }
    return []
  }
}

/// Waits until every task has ended.
func waitForAll(_ tasks: [Task<Void, Never>]) async {
  for task in tasks { await task.value }
}

/// The ids of in-flight cancellable work, for ``Command/cancel(id:)`` and `cancelInFlight`.
final class CancellationRegistry: Sendable {
  private let scopes = Lock<[CancelID: [ObjectIdentifier: CommandScope]]>([:])

  /// Adds `scope` under `id`; with `replacing`, removes and returns the scopes already there,
  /// for the caller to cancel.
  ///
  /// A scope that encloses `scope` (the same id wrapped twice) is never replaced: cancelling it
  /// would cancel `scope` itself, so the newest command would stop before it starts.
  func register(_ scope: CommandScope, id: CancelID, replacing: Bool) -> [CommandScope] {
    scopes.withLock { scopes in
      var registered = scopes[id] ?? [:]
      var replaced: [CommandScope] = []
      if replacing {
        for (key, old) in registered where !scope.isInside(old) {
          replaced.append(old)
          registered[key] = nil
        }
      }
      registered[ObjectIdentifier(scope)] = scope
      scopes[id] = registered
      return replaced
    }
  }

  func remove(_ scope: CommandScope, id: CancelID) {
    scopes.withLock { scopes in
      scopes[id]?[ObjectIdentifier(scope)] = nil
      if scopes[id]?.isEmpty == true { scopes[id] = nil }
    }
  }

  func cancel(id: CancelID) {
    let found = scopes.withLock { $0.removeValue(forKey: id) }
    for scope in (found ?? [:]).values { scope.cancel() }
  }
}

/// A node of cancellation: the jobs started in it and the scopes opened inside it.
final class CommandScope: Sendable {
  private struct Contents {
    var isCancelled = false
    /// True until the scope's synchronous start is over; an empty scope leaves only after it.
    var isStarting = true
    var isDetached = false
    var nextTaskID: UInt64 = 0
    /// `nil` while a task is being created: reserved so that an early end is not lost.
    var tasks: [UInt64: Task<Void, Never>?] = [:]
    var children: [ObjectIdentifier: CommandScope] = [:]
    /// Actions sent to the store and not yet processed by it; until they are, a cancel of the
    /// scope must still find it, to drop them.
    var deliveries = 0

    /// Whether the scope has nothing left to run or deliver, and should leave its parent and
    /// the registry.
    mutating func shouldDetach() -> Bool {
      guard !isStarting, !isDetached, tasks.isEmpty, children.isEmpty, deliveries == 0 else {
        return false
      }
      isDetached = true
      return true
    }
  }

  let id: CancelID?
  private let parent: CommandScope?
  private let registry: CancellationRegistry
  private let contents = Lock(Contents())

  init(id: CancelID?, parent: CommandScope?, registry: CancellationRegistry) {
    self.id = id
    self.parent = parent
    self.registry = registry
  }

  /// Whether `other` is this scope's parent, or a parent of its parent, and so on.
  func isInside(_ other: CommandScope) -> Bool {
    var current = parent
    while let scope = current {
      if scope === other { return true }
      current = scope.parent
    }
    return false
  }

  /// False once the scope, or one around it, has been cancelled.
  var isActive: Bool { contents.withLock { !$0.isCancelled } }

  /// Runs `body` while holding the scope's lock, if it is still active, so that a cancel cannot
  /// slip in between the check and `body`.
  func ifActive(_ body: () -> Void) {
    contents.withLock { contents in
      if !contents.isCancelled { body() }
    }
  }

  /// Counts an action on its way to the store; `false`, and nothing counted, when the scope is
  /// cancelled and the action must not be sent.
  func beginDelivery() -> Bool {
    contents.withLock { contents in
      if contents.isCancelled { return false }
      contents.deliveries += 1
      return true
    }
  }

  /// Called when the store processes an action counted by ``beginDelivery()``: returns whether
  /// the action may go on, which is no longer the case if the scope was cancelled meanwhile.
  func endDelivery() -> Bool {
    let (isActive, detach) = contents.withLock { contents in
      contents.deliveries -= 1
      return (!contents.isCancelled, contents.shouldDetach())
    }
    if detach { self.detach() }
    return isActive
  }

  /// Opens a scope inside this one; `nil` when this one is already cancelled.
  func makeChild(id: CancelID) -> CommandScope? {
    let child = CommandScope(id: id, parent: self, registry: registry)
    let added = contents.withLock { contents in
      if contents.isCancelled { return false }
      contents.children[ObjectIdentifier(child)] = child
      return true
    }
    return added ? child : nil
  }

  /// Starts `work` in a task that belongs to this scope; `nil` when the scope is cancelled.
  func spawn(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
    let reserved: UInt64? = contents.withLock { contents in
      if contents.isCancelled { return nil }
      let taskID = contents.nextTaskID
      contents.nextTaskID += 1
      contents.tasks[taskID] = .some(nil)
      return taskID
    }
    guard let taskID = reserved else { return nil }
    let task = Task {
      await work()
      self.taskEnded(taskID)
    }
    let isKept = contents.withLock { contents in
      if contents.isCancelled { return false }
      if contents.tasks[taskID] != nil { contents.tasks[taskID] = .some(task) }
      return true
    }
    if !isKept { task.cancel() }
    return task
  }

  /// Marks the end of the scope's synchronous start; from now on it leaves when it is empty.
  func finishStarting() {
    let detach = contents.withLock { contents in
      contents.isStarting = false
      return contents.shouldDetach()
    }
    if detach { self.detach() }
  }

  /// Cancels every job in this scope and every scope inside it; further jobs do not start.
  func cancel() {
    let running: ([Task<Void, Never>], [CommandScope])? = contents.withLock { contents in
      if contents.isCancelled { return nil }
      contents.isCancelled = true
      return (contents.tasks.values.compactMap { $0 }, Array(contents.children.values))
    }
    guard let (tasks, children) = running else { return }
    for task in tasks { task.cancel() }
    for child in children { child.cancel() }
  }

  private func taskEnded(_ taskID: UInt64) {
    let detach = contents.withLock { contents in
      contents.tasks[taskID] = nil
      return contents.shouldDetach()
    }
    if detach { self.detach() }
  }

  private func childEnded(_ child: CommandScope) {
    let detach = contents.withLock { contents in
      contents.children[ObjectIdentifier(child)] = nil
      return contents.shouldDetach()
    }
    if detach { self.detach() }
  }

  private func detach() {
    if let id { registry.remove(self, id: id) }
    parent?.childEnded(self)
  }
}
