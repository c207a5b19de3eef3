import ReduxCore

/// A reducer that changes the state in place and returns a ``Command``: the work the store
/// runs once the new state is committed.
///
/// ```swift
/// struct Counter: Sendable { var count = 0; var step = 1 }
/// struct Step: Action {}
/// struct StepDelayed: Action {}
///
/// let counter = CommandReducer<Counter>
///   .on(Step.self) { state, _ in
///     state.count += state.step
///     return .none
///   }
///   .on(StepDelayed.self) { _, _ in
///     .run { send in
///       try? await Task.sleep(for: .seconds(1))
///       send(Step())
///     }
///   }
/// let store = Store(initialState: Counter(), commandReducer: counter)
/// ```
///
/// The reducer stays pure: it only describes work, so a test can call it and look at the
/// command (``Command/isNone``, ``Command/synchronousActions``, ``Command/cancelledIDs``)
/// without a store. Like a core `Reducer`, it runs synchronously under the store's lock and
/// must not touch the store.
public struct CommandReducer<State>: Sendable {
  @usableFromInline let body: @Sendable (inout State, any Action) -> Command

  /// Creates a command reducer from a closure that changes the state in place and returns the
  /// command to run.
  ///
  /// ```swift
  /// let counter = CommandReducer<Counter> { state, action in
  ///   switch action {
  ///   case is Step:
  ///     state.count += state.step
  ///     return .none
  ///   case is StepDelayed:
  ///     return .run { send in send(Step()) }
  ///   default:
  ///     return .none
  ///   }
  /// }
  /// ```
  @inlinable
  public init(
    _ reduce: @escaping @Sendable (_ state: inout State, _ action: any Action) -> Command
  ) {
    body = reduce
  }

  /// Creates a command reducer from a Seda-style function that takes the action and the state
  /// and returns the next state with a command.
  ///
  /// ```swift
  /// func counter(_ action: any Action, _ state: Counter) -> (Counter, Command) {
  ///   var state = state
  ///   switch action {
  ///   case is Step: state.count += state.step
  ///   case is StepDelayed: return (state, .run { send in send(Step()) })
  ///   default: break
  ///   }
  ///   return (state, .none)
  /// }
  /// let reducer = CommandReducer(returning: counter)
  /// ```
  ///
  /// The returned state replaces the old one; for states with large collections, which
  /// building a new state can copy, prefer the in-place form that takes `inout State`.
  public init(
    returning reduce:
      @escaping @Sendable (_ action: any Action, _ state: State) -> (State, Command)
  ) {
    body = { state, action in
      let (next, command) = reduce(action, state)
      state = next
      return command
    }
  }

  /// Creates a command reducer that runs a core `Reducer` and returns no command, so plain
  /// reducers combine with command reducers.
  public init(_ reducer: Reducer<State>) {
    body = { state, action in
      reducer(&state, action)
      return .none
    }
  }

  /// Applies `action` to `state` and returns the command to run; a store does this for each
  /// dispatched action, and tests can call it directly.
  @inlinable
  public func callAsFunction(_ state: inout State, _ action: any Action) -> Command {
    body(&state, action)
  }

  /// Applies `action` to a copy of `state` and returns the new state with the command.
  @inlinable
  public func reduce(_ state: State, _ action: any Action) -> (state: State, command: Command) {
    var next = state
    let command = body(&next, action)
    return (next, command)
  }
}

extension CommandReducer: Reducing {
  /// A command reducer's output: the ``Command`` the store runs once the state is committed.
  public typealias Output = Command

  /// ``Command/none``.
  @inlinable
  public static var noOutput: Command { .none }

  /// Both commands, `first` then `second`, as one ``Command/batch(_:)-([Command])``; a
  /// ``Command/none`` is left out.
  @inlinable
  public static func merge(_ first: Command, _ second: Command) -> Command {
    if first.isNone { return second }
    if second.isNone { return first }
    return .batch([first, second])
  }

  /// `output` as the child's own work: run in a scope the child owns, each action it sends
  /// addressed back to the child, and cancelled once the child is gone from the state,
  /// whichever reducer removed it (the store checks after each action).
  @inlinable
  public static func output<Parent, Child>(
    _ output: Command, of child: @autoclosure () -> ChildFeature<Parent, Child>
  ) -> Command {
    output.isNone ? output : output.owned(by: child())
  }
}

extension CommandReducer {
  /// Returns a command reducer for a parent state that runs this one on the part of the parent
  /// at `keyPath`, in place, and returns the child's command unchanged.
  ///
  /// ```swift
  /// struct App: Sendable { var counter = Counter(); var search = Search() }
  /// let app = CommandReducer.combine(
  ///   counter.lift(\App.counter),
  ///   search.lift(\App.search)
  /// )
  /// ```
  ///
  /// The child sees every action, and the actions its commands send reach the whole app; use
  /// ``lift(_:extract:embed:)`` when the parent wraps its children's actions.
  public func lift<Parent>(
    _ keyPath: WritableKeyPath<Parent, State> & Sendable
  ) -> CommandReducer<Parent> {
    let body = self.body
    let child: @Sendable (Parent) -> State? = { $0[keyPath: keyPath] }
    return CommandReducer<Parent> { parent, action in
      body(&parent[keyPath: keyPath], action).rerooted(on: child)
    }
  }

  /// Returns a command reducer for a parent state whose actions wrap the child's: it runs this
  /// one on the part of the parent at `keyPath` for the actions `extract` unwraps, and wraps
  /// the actions the child's commands send with `embed` (see ``Command/map(_:)``).
  ///
  /// ```swift
  /// enum AppAction: Action { case counter(any Action) }
  /// let app = counter.lift(
  ///   \App.counter,
  ///   extract: { action in
  ///     guard case .counter(let child)? = action.as(AppAction.self) else { return nil }
  ///     return child
  ///   },
  ///   embed: { AppAction.counter($0) }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the child's state lives in the parent's.
  ///   - extract: Returns the child action inside a parent action, or `nil` for actions that
  ///     are not the child's; for those the reducer changes nothing and returns
  ///     ``Command/none``.
  ///   - embed: Wraps each action the child's commands send.
  public func lift<Parent>(
    _ keyPath: WritableKeyPath<Parent, State> & Sendable,
    extract: @escaping @Sendable (_ action: any Action) -> (any Action)?,
    embed: @escaping @Sendable (_ action: any Action) -> any Action
  ) -> CommandReducer<Parent> {
    let body = self.body
    let child: @Sendable (Parent) -> State? = { $0[keyPath: keyPath] }
    return CommandReducer<Parent> { parent, action in
      guard let childAction = extract(action) else { return .none }
      return body(&parent[keyPath: keyPath], childAction).rerooted(on: child).map(embed)
    }
  }
}
