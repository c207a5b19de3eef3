import ReduxCore
import ReduxSeam

/// Work that a command reducer asks the store to do after it has committed the new state: send
/// actions, now or later.
///
/// A command is a value: the reducer returns it and stays pure, and the store runs it after
/// the state change is committed. Actions the command sends come back through the store's
/// ordinary dispatch, so middleware and reducers see them like any other action.
///
/// ```swift
/// let counter = CommandReducer<Counter> { state, action in
///   switch action {
///   case is Step:
///     state.count += state.step
///     return .none
///   case is StepDelayed:
///     return .run { send in
///       try? await clock.sleep(for: .seconds(1))
///       send(Step())
///     }
///   default:
///     return .none
///   }
/// }
/// ```
///
/// Build commands with ``none``, ``action(_:)``, ``run(_:)``, ``callback(_:)``,
/// ``perform(_:then:)`` and ``attempt(_:then:)``; compose them with ``batch(_:)-([Command])``,
/// ``concatenate(_:)-([Command])`` and ``map(_:)``; control them with
/// ``cancellable(id:cancelInFlight:)`` and ``cancel(id:)``.
///
/// ## Threads and cancellation
/// The synchronous parts of a command (its actions and cancels that need no waiting) run on the
/// thread that processed the action, right after the reducer, in order; each asynchronous job
/// runs in its own task. Once a command is cancelled, by ``cancel(id:)``, by a newer
/// ``cancellable(id:cancelInFlight:)`` or by releasing the store, its tasks are cancelled and
/// nothing it sends is dispatched any more: an action it sent while the cancel was being
/// processed is dropped by the store before any middleware sees it.
///
/// ## Testing
/// A command can be inspected without a store: ``isNone``, ``synchronousActions``,
/// ``cancelledIDs`` and ``hasAsyncWork``. ``collectActions()`` runs it and returns every action
/// it sends.
public struct Command: Sendable {
  @usableFromInline let kind: Kind

  @inlinable
  init(_ kind: Kind) {
    self.kind = kind
  }

  @usableFromInline
  indirect enum Kind: Sendable {
    case none
    case action(any Action)
    case run(@Sendable (Send) async -> Void)
    case batch([Command])
    case concatenate([Command])
    case map(Command, @Sendable (any Action) -> any Action)
    case cancellable(Command, id: CancelID, cancelInFlight: Bool)
    case cancel(id: CancelID)
    /// The command of a child feature, run in a scope the child owns (see ``ChildOwner``).
    case child(Command, ChildOwner)
    /// A throttled command: `decide` says, from the store's throttle book, what to run now.
    case throttle(Command, id: CancelID, decide: ThrottleDecision)
  }
}

extension Command {
  /// A command that does nothing; what a reducer returns for most actions.
  public static var none: Command { Command(.none) }

  /// A command that dispatches `action` once the current action has been processed (Seda's
  /// `ofAction`).
  ///
  /// The action is queued behind the action that produced the command, so it reaches the
  /// reducer next, after any action that was already waiting.
  public static func action(_ action: any Action) -> Command {
    Command(.action(action))
  }

  /// A command that runs an asynchronous job which may send any number of actions.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await tick in ticks {
  ///     send(Tick(at: tick))
  ///   }
  /// }
  /// ```
  ///
  /// The job runs in its own task, started after the state is committed. When the command is
  /// cancelled the task is cancelled, and `send` stops dispatching even if the job ignores
  /// cancellation and carries on. Catch errors inside the job, or use ``attempt(_:then:)``.
  public static func run(_ work: @escaping @Sendable (_ send: Send) async -> Void) -> Command {
    Command(.run(work))
  }

  /// A command that starts callback-style work and dispatches the one action it fulfils (Seda's
  /// `ofAsyncAction`, and with `nil` its optional variant).
  ///
  /// ```swift
  /// return .callback { fulfill in
  ///   legacyClient.load { value in fulfill(Loaded(value)) }
  /// }
  /// ```
  ///
  /// `body` is called once, in the command's task; it may hand `fulfill` to any thread. The
  /// first call of `fulfill` wins and later calls are ignored; `fulfill(nil)` ends the command
  /// without an action, and so does releasing `fulfill` without calling it. Until then the
  /// command counts as in flight, so a ``concatenate(_:)-([Command])`` waits for it. After
  /// cancellation `fulfill` does nothing.
  public static func callback(_ body: @escaping @Sendable (_ fulfill: Fulfill) -> Void) -> Command {
    .run { send in
      if let action = await Fulfill.wait(for: body) { send(action) }
    }
  }

  /// A command that runs an asynchronous job which cannot fail, and dispatches the action made
  /// from its value (Elm's `Task.perform`).
  ///
  /// ```swift
  /// return .perform({ await clock.now }, then: { TimeChanged($0) })
  /// ```
  public static func perform<Value: Sendable>(
    _ work: @escaping @Sendable () async -> Value,
    then toAction: @escaping @Sendable (_ value: Value) -> any Action
  ) -> Command {
    .run { send in send(toAction(await work())) }
  }

  /// A command that runs a job that may fail, and dispatches the action made from its result,
  /// success or failure (Elm's `Task.attempt`).
  ///
  /// ```swift
  /// return .attempt({ try await api.user(id: 42) }, then: { result in UserLoaded(result) })
  /// ```
  ///
  /// When the job throws, `toAction` gets `.failure` with the error. When the command is
  /// cancelled first, nothing is dispatched, whatever the job returns.
  public static func attempt<Value: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () async throws(Failure) -> Value,
    then toAction: @escaping @Sendable (_ result: Result<Value, Failure>) -> any Action
  ) -> Command {
    .run { send in
      let result: Result<Value, Failure>
      do throws(Failure) {
        result = .success(try await work())
      } catch {
        result = .failure(error)
      }
      send(toAction(result))
    }
  }

  /// A command that runs `commands` at the same time, and ends when all of them end.
  ///
  /// Their synchronous actions are dispatched in the order given; their asynchronous jobs run
  /// concurrently, so actions they send may interleave in any order. A job that fails or is
  /// cancelled does not affect the others. An empty batch is ``none``.
  public static func batch(_ commands: [Command]) -> Command {
    let commands = commands.filter { !$0.isNone }
    switch commands.count {
    case 0: return .none
    case 1: return commands[0]
    default: return Command(.batch(commands))
    }
  }

  /// A command that runs `commands` at the same time; see ``batch(_:)-([Command])``.
  public static func batch(_ commands: Command...) -> Command {
    batch(commands)
  }

  /// A command that runs `commands` one after the other, each starting when the one before has
  /// ended, asynchronous jobs included.
  ///
  /// ```swift
  /// return .concatenate(.action(Saving()), .attempt(save, then: Saved.init), .action(Done()))
  /// ```
  ///
  /// If one part is cancelled by its own id, the next part starts when it has stopped; cancelling
  /// an id the whole sequence carries stops the rest.
  public static func concatenate(_ commands: [Command]) -> Command {
    let commands = commands.filter { !$0.isNone }
    switch commands.count {
    case 0: return .none
    case 1: return commands[0]
    default: return Command(.concatenate(commands))
    }
  }

  /// A command that runs `commands` one after the other; see ``concatenate(_:)-([Command])``.
  public static func concatenate(_ commands: Command...) -> Command {
    concatenate(commands)
  }

  /// A command that cancels the in-flight work marked with `id` by
  /// ``cancellable(id:cancelInFlight:)``.
  ///
  /// The cancel takes effect when the command starts, right after the reducer: from then on the
  /// cancelled work dispatches nothing. Cancelling an id with nothing in flight does nothing.
  public static func cancel(id: some Hashable & Sendable) -> Command {
    Command(.cancel(id: CancelID(id)))
  }

  /// Returns a command that sends `transform(action)` for every action this one sends; use it
  /// to lift a child feature's actions into its parent's.
  ///
  /// ```swift
  /// let command = childCommand.map { AppAction.child($0) }
  /// ```
  public func map(_ transform: @escaping @Sendable (_ action: any Action) -> any Action) -> Command
  {
    if isNone { return self }
    return Command(.map(self, transform))
  }

  /// Returns this command marked with `id`, so that ``cancel(id:)`` can stop it while it is in
  /// flight.
  ///
  /// ```swift
  /// case is Search:
  ///   return .attempt({ try await api.search(state.query) }, then: Results.init)
  ///     .cancellable(id: "search", cancelInFlight: true)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Any hashable value; work is matched by equal ids within one store.
  ///   - cancelInFlight: When `true`, starting this command first cancels every work in flight
  ///     with the same id, so only the newest runs (a "latest wins" search). It never cancels
  ///     the command's own scope: wrapping a command twice with the same id (either wrapper
  ///     with `cancelInFlight`) runs it once, and replaces only work started before it.
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Command {
    if isNone && !cancelInFlight { return self }
    return Command(.cancellable(self, id: CancelID(id), cancelInFlight: cancelInFlight))
  }

}

/// A cancellation id as given to ``Command/cancellable(id:cancelInFlight:)``: any hashable,
/// sendable value, compared by value.
@usableFromInline
typealias CancelID = HashableBox
