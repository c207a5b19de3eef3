import ReduxCore
import ReduxSeam

/// A node of cancellation: the jobs started in it and the scopes opened inside it.
@usableFromInline
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

  let key: CancelKey?
  /// The child feature whose work runs in this scope, for a child's scope.
  @usableFromInline let owner: ChildOwner?
  /// The owner's presence, read without copying the owner (the store reads it after every
  /// action while the child has work in flight).
  @usableFromInline let presence: (any AnyObject & Sendable)?
  private let parent: CommandScope?
  private let registry: CancellationRegistry
  private let contents = Lock(Contents())

  init(
    key: CancelKey?, owner: ChildOwner? = nil, parent: CommandScope?,
    registry: CancellationRegistry
  ) {
    self.key = key
    self.owner = owner
    self.presence = owner?.presence
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
  func makeChild(key: CancelKey, owner: ChildOwner? = nil) -> CommandScope? {
    let child = CommandScope(key: key, owner: owner, parent: self, registry: registry)
    let added = contents.withLock { contents in
      if contents.isCancelled { return false }
      contents.children[ObjectIdentifier(child)] = child
      return true
    }
    return added ? child : nil
  }

  /// Starts `work` in a task that belongs to this scope, on the registry's preferred executor
  /// (a test store's) if any; `nil` when the scope is cancelled.
  func spawn(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
    let reserved: UInt64? = contents.withLock { contents in
      if contents.isCancelled { return nil }
      let taskID = contents.nextTaskID
      contents.nextTaskID += 1
      contents.tasks[taskID] = .some(nil)
      return taskID
    }
    guard let taskID = reserved else { return nil }
    let task = Task(executorPreference: registry.executor) {
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
    if let key { registry.remove(self, key: key) }
    parent?.childEnded(self)
  }
}
