import ReduxCore

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
  /// each action the command reducer runs under the store's lock; once the action has gone
  /// through the middleware and the reducer and subscribers have seen the new state, the store
  /// starts the returned command. Actions the command sends come back through `dispatch`, so
  /// every middleware in `middleware` sees them; an action sent by work that has been cancelled
  /// by the time the store gets to it is dropped before any middleware.
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
  @inlinable
  public convenience init(
    initialState: State,
    commandReducer: CommandReducer<State>,
    initialCommand: Command = .none,
    middleware: [Middleware<State>] = []
  ) {
    // Inlinable, with the work in CommandStoreParts: Store.init then builds the middleware
    // chain where State is known, so each action reaches a reducer call specialized for it.
    let parts = CommandStoreParts(commandReducer)
    self.init(
      initialState: initialState, reducer: parts.reducer,
      middleware: [parts.middleware] + middleware)
    parts.start(initialCommand, in: self)
  }
}

/// What a store with a command reducer is built from: a reducer that keeps the commands the
/// command reducer returns, and the middleware that starts them.
@usableFromInline
struct CommandStoreParts<State: Sendable> {
  @usableFromInline let reducer: Reducer<State>
  @usableFromInline let middleware: Middleware<State>
  let runner: CommandRunner

  @usableFromInline
  init(_ commandReducer: CommandReducer<State>) {
    let stash = CommandStash()
    let runner = CommandRunner()
    self.runner = runner
    reducer = Reducer<State> { state, action in
      let command = commandReducer(&state, action)
      if !command.isNone { stash.add(command) }
    }
    // First in the chain, so that when `next` returns every other middleware and the reducer
    // have seen the action, and the stash holds exactly the commands it produced.
    middleware = Middleware<State> { context, action, next in
      if let envelope = action.as(CommandEnvelope.self) {
        guard envelope.scope.endDelivery() else { return }
        next(envelope.action)
      } else {
        next(action)
      }
      let commands = stash.takeAll()
      if commands.isEmpty { return }
      // Work reporting: the jobs count as work of the action being processed, so
      // `await store.send(action).finish()` waits for them, and the actions they send carry its
      // origin (so their own commands count too). For a plain dispatch nothing is recorded.
      let origin = context.processingOrigin
      for command in commands {
        let work = context.beginWork(origin: origin, "command for \(type(of: action))")
        let jobs = runner.start(command) { action, scope in
          guard scope.beginDelivery() else { return }
          let envelope = CommandEnvelope(action: action, scope: scope)
          if let work {
            context.dispatch(envelope, origin: work.origin)
          } else {
            context.dispatch(envelope)
          }
        }
        guard let work else { continue }
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
  }

  /// Starts the store's initial command, as Elm's `init` does.
  @usableFromInline
  func start(_ command: Command, in store: Store<State>) {
    guard !command.isNone else { return }
    runner.start(command) { [weak store] action, scope in
      if scope.beginDelivery() { store?.dispatch(CommandEnvelope(action: action, scope: scope)) }
    }
  }
}

/// The commands a store's reducer returned for the action being processed. The reducer runs
/// under the store's lock and the middleware after it, so the stash has a lock of its own; the
/// store processes one action at a time, so one stash per store is enough.
final class CommandStash: Sendable {
  private let commands = Lock<[Command]>([])

  func add(_ command: Command) {
    commands.withLock { $0.append(command) }
  }

  func takeAll() -> [Command] {
    commands.withLock { commands in
      if commands.isEmpty { return [] }
      defer { commands = [] }
      return commands
    }
  }
}
