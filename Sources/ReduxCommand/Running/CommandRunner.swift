import ReduxCore

// Running commands. A command's synchronous parts (actions, cancels) run at once, in order, on
// the calling thread; each asynchronous job runs in its own task. Every job belongs to a
// cancellation scope: the runner's root, or the scope a `cancellable(id:)` opened. Scopes form a
// tree, so cancelling one cancels everything started inside it, and a scope leaves the id
// registry by itself when its last job ends.

/// Starts commands for one store (or one ``Command/collectActions()`` run); releasing it
/// cancels everything it started.
@usableFromInline
final class CommandRunner: Sendable {
  @usableFromInline let registry = CancellationRegistry()
  let root: CommandScope

  init() {
    root = CommandScope(key: nil, parent: nil, registry: registry)
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
      environment.registry.cancel(key: environment.key(for: id))
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
      return startInScope(
        command, key: environment.key(for: id), replacing: cancelInFlight, in: environment)
    case .throttle(let command, let id, let decide):
      return start(decide(environment.registry, environment.key(for: id), command), in: environment)
    case .child(let command, let owner):
      var inner = environment
      inner.path.append(owner.id)
      return startInScope(
        command, key: environment.key(for: CancelID(owner.id)), replacing: false, in: inner,
        owner: owner)
    }
  }

  /// Runs `command` in a new scope registered under `key`, first cancelling the work already
  /// registered there when `replacing`.
  private static func startInScope(
    _ command: Command, key: CancelKey, replacing: Bool, in environment: CommandEnvironment,
    owner: ChildOwner? = nil
  ) -> [Task<Void, Never>] {
    guard let scope = environment.scope.makeChild(key: key, owner: owner) else { return [] }
    let replaced = environment.registry.register(scope, key: key, replacing: replacing)
    for old in replaced { old.cancel() }
    var inner = environment
    inner.scope = scope
    let tasks = start(command, in: inner)
    scope.finishStarting()
    if owner?.isGone == true { scope.cancel() }
    return tasks
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
