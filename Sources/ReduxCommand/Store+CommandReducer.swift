import ReduxCore
import ReduxSeam

extension Store {
  /// Creates a store whose reducer returns commands, and runs those commands after each new
  /// state is committed.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: Counter(),
  ///   commandReducer: counter,
  ///   initialCommand: .action(Load())
  /// )
  /// ```
  ///
  /// It is an ordinary `Store`: subscriptions, middleware and observation work unchanged. For
  /// each action the command reducer runs under the store's lock; once the new state is
  /// committed and subscribers have seen it, the store starts the returned command, before it
  /// processes anything queued after the action (and, with middleware, before the middleware
  /// around the reducer returns). Actions the command sends come back through `dispatch`, so
  /// every middleware in `middleware` sees them; an action sent by work that has been cancelled
  /// by the time the store gets to it is dropped before any middleware.
  ///
  /// Cost: the store needs no middleware of its own, so an action whose reducer returns
  /// ``Command/none`` costs about twice a bare dispatch (docs/performance.md, "Command").
  ///
  /// Releasing the store cancels every command still in flight; their tasks do not keep the
  /// store alive.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - commandReducer: Applies each action to the state and returns the command to run.
  ///   - initialCommand: A command started as soon as the store exists, as in Elm's `init`; its
  ///     synchronous actions are processed before this initializer returns.
  ///   - middleware: Steps that see each action before the reducer, first to last, including
  ///     the actions commands send.
  ///   - onRuntimeWarning: Receives the ``RuntimeWarning``s the command reducer reports (an
  ///     action for a child that is gone, for example), on the thread that reduced it; without
  ///     one they go to standard error.
  @inlinable
  public convenience init(
    initialState: State,
    commandReducer: CommandReducer<State>,
    initialCommand: Command = .none,
    middleware: [Middleware<State>] = [],
    onRuntimeWarning: (@Sendable (RuntimeWarning) -> Void)? = nil
  ) {
    // Inlinable, with the work in CommandStoreParts: Store.init then builds the store where
    // State is known, so each action reaches a reducer call specialized for it.
    let parts = CommandStoreParts(commandReducer)
    self.init(
      initialState: initialState, reducer: parts.reducer, followUps: parts.followUps,
      middleware: middleware, onRuntimeWarning: onRuntimeWarning)
    parts.start(initialCommand, in: self)
  }
}

/// What a store with a command reducer is built from: a reducer that leaves the commands the
/// command reducer returns as follow-ups (ReduxCore starts them once the action is committed),
/// and the runner that runs them. No middleware: an action whose reducer returns `.none` costs
/// little more than a bare dispatch.
@usableFromInline
struct CommandStoreParts<State: Sendable> {
  @usableFromInline let reducer: Reducer<State>
  /// Kept alive by the store's follow-up slot alone, until the store is released: then the
  /// runner goes and cancels the commands in flight. Everything else holds it weakly, since
  /// running work keeps the store's engine, and so its reducer, alive.
  @usableFromInline let runner = CommandRunner()
  @usableFromInline let followUps: FollowUpSlot
  /// The store, once it exists (``start(_:in:)``), which the commands' actions are sent to.
  @usableFromInline let store = StoreReference<State>()

  @inlinable
  init(_ commandReducer: CommandReducer<State>) {
    let followUps = FollowUpSlot(keepingAlive: runner)
    self.followUps = followUps
    // The registry, not the runner: it keeps no work alive, and reading it costs no weak load.
    let registry = runner.registry
    // Made here, where State is known, so that sending a command's action is specialized for
    // it, not generic code that asks the runtime for the store's metadata
    // (ModuleProfile's `command-action`).
    let deliver: @Sendable (CommandEnvelope) -> Void = { [store] envelope in
      if let store = store.value { store.dispatch(envelope) } else { envelope.actionProcessed() }
    }
    reducer = Reducer<State> { [weak runner] state, action in
      let command = commandReducer(&state, action)
      // A child feature's work ends when the child leaves the state, whichever reducer
      // removed it: checked here, once the whole reducer has run.
      if registry.hasChildScopes {
        let gone = registry.childScopesGone(from: state)
        if !gone.isEmpty { followUps.leave(CancelScopes(gone)) }
      }
      if !command.isNone, let runner {
        followUps.leave(
          StartCommand(
            command: command.markingChildrenGone(from: state), runner: runner,
            actionType: type(of: action), deliver: deliver))
      }
    }
  }

  /// Starts the store's initial command, as Elm's `init` does.
  @usableFromInline
  func start(_ command: Command, in store: Store<State>) {
    self.store.value = store
    guard !command.isNone else { return }
    runner.start(command) { [weak store] action, scope in
      guard scope.beginDelivery() else { return }
      let envelope = CommandEnvelope(action: action, origin: .untracked, scope: scope)
      if let store { store.dispatch(envelope) } else { envelope.actionProcessed() }
    }
  }
}

/// The command an action's reducer returned, started once the action is committed.
@usableFromInline
final class StartCommand: FollowUp {
  let command: Command
  let runner: CommandRunner
  let actionType: any Action.Type
  let deliver: @Sendable (CommandEnvelope) -> Void

  @usableFromInline
  init(
    command: Command, runner: CommandRunner, actionType: any Action.Type,
    deliver: @escaping @Sendable (CommandEnvelope) -> Void
  ) {
    self.command = command
    self.runner = runner
    self.actionType = actionType
    self.deliver = deliver
  }

  @usableFromInline
  func start(ledger: WorkLedger) {
    // Work reporting: the jobs count as work of the action being processed, so
    // `await store.send(action).finish()` waits for them, and the actions they send carry its
    // origin (so their own commands count too). For a plain dispatch nothing is recorded.
    let work = ledger.beginWork(origin: ledger.processingOrigin, "command for \(actionType)")
    let origin = work?.origin ?? .untracked
    let deliver = deliver
    if let executor = ledger.executorForWork { runner.registry.preferExecutor(executor) }
    let jobs = runner.start(command) { action, scope in
      guard scope.beginDelivery() else { return }
      deliver(CommandEnvelope(action: action, origin: origin, scope: scope))
    }
    guard let work else { return }
    if jobs.isEmpty {
      work.end()
    } else {
      // A test store may cancel the work a send started: cancel these jobs' tasks.
      work.onCancel { for job in jobs { job.cancel() } }
      Task {
        await waitForAll(jobs)
        work.end()
      }
    }
  }
}

/// The scopes of child features that left the state, cancelled once the action that removed
/// them is committed (outside the store's lock: cancelling runs the tasks' cancellation
/// handlers).
@usableFromInline
final class CancelScopes: FollowUp {
  let scopes: [CommandScope]

  @usableFromInline
  init(_ scopes: [CommandScope]) {
    self.scopes = scopes
  }

  @usableFromInline
  func start(ledger: WorkLedger) {
    for scope in scopes { scope.cancel() }
  }
}

/// A weak reference to a command store, set once the store exists; read by every command's
/// delivery.
@usableFromInline
final class StoreReference<State: Sendable>: Sendable {
  /// The weak reference, under a lock: set once by the store's initializer, read from any
  /// thread a command's job sends from.
  @usableFromInline let reference = Lock(WeakStore())

  @usableFromInline
  struct WeakStore {
    @usableFromInline weak var store: Store<State>?

    @inlinable
    init() {}
  }

  @usableFromInline init() {}

  /// The store, unless it has been released (or not made yet). Inlinable: read by each command
  /// that dispatches, specialized for `State` it asks the runtime for no metadata
  /// (ModuleProfile's `command-action`).
  @inlinable
  var value: Store<State>? {
    get { reference.withLock { $0.store } }
    set { reference.withLock { $0.store = newValue } }
  }
}
