import ReduxCore

/// Work that runs after each action is reduced, with the new state, the action and a dispatch
/// function: SwiftRX's effects and NgRx's `createEffect`, on a ReduxCore `Store`.
///
/// ```swift
/// let effects: [Effect<AppState>] = [
///   // Every action, synchronously.
///   Effect { action, state, dispatch in analytics.track(action) },
///   // Only `LoadPosts`; the closure gets the concrete action.
///   .task(on: LoadPosts.self) { load, state, dispatch in
///     dispatch(PostsLoaded(try await api.posts(page: load.page)))
///   },
/// ]
/// let store = Store(initialState: AppState(), reducer: appReducer, effects: effects)
/// ```
///
/// ## When an effect runs
/// After the reducer has applied the action, so `state` always includes it, once per action, in
/// array order. A synchronous effect runs on the thread that processes the action, before
/// `dispatch` returns on an idle store; actions it dispatches are queued and reduced after the
/// current one, in order. An async effect (``task(name:fileID:line:_:)``) starts a task with
/// the state as it was right after the action; tasks of different actions run concurrently.
///
/// ## Errors
/// An effect that throws is reported to the store's effect error hook as an ``EffectFailure``
/// and keeps running for later actions; the other effects still run for the same action.
///
/// ## Cancellation
/// Releasing the store cancels the tasks of its async effects; their `dispatch` does nothing
/// afterwards, and errors they throw once cancelled are not reported.
public struct Effect<State: Sendable>: Sendable {
  /// Names the effect in an ``EffectFailure``.
  public let name: String
  @usableFromInline let run:
    @Sendable (_ action: any Action, _ scope: EffectScope<State>) throws -> Void
  /// Asked before each action; `true` makes the state before the action available in
  /// `EffectScope.previousState`. `nil` for effects that never need it (most).
  @usableFromInline let wantsPreviousState: (@Sendable () -> Bool)?
  /// For typed effects, the action type, checked before `run` is called.
  @usableFromInline let filter: ActionFilter?

  @usableFromInline
  init(
    name: String,
    filter: ActionFilter? = nil,
    wantsPreviousState: (@Sendable () -> Bool)? = nil,
    run: @escaping @Sendable (_ action: any Action, _ scope: EffectScope<State>) throws -> Void
  ) {
    self.name = name
    self.filter = filter
    self.wantsPreviousState = wantsPreviousState
    self.run = run
  }

  /// Creates an effect that runs synchronously after every action.
  ///
  /// - Parameters:
  ///   - name: Names the effect in error reports; defaults to where it was created.
  ///   - fileID: The file that creates the effect, for the default name.
  ///   - line: The line that creates the effect, for the default name.
  ///   - run: Called with each action, the state after it, and a dispatch function. Actions
  ///     it dispatches are reduced after the current one, in order. An error it throws is
  ///     reported, and it runs again for the next action.
  @inlinable
  public init(
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ run:
      @escaping @Sendable (
        _ action: any Action, _ state: State, _ dispatch: @escaping DispatchFunction
      ) throws -> Void
  ) {
    self.init(name: name ?? "effect at \(fileID):\(line)") { action, scope in
      try run(action, scope.state, scope.dispatch)
    }
  }

  /// Creates an effect that runs synchronously after each action of type `A`, and is skipped
  /// for every other action.
  ///
  /// ```swift
  /// Effect<AppState>.on(Logout.self) { logout, state, dispatch in
  ///   dispatch(ClearCache(user: logout.user))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - name: Names the effect in error reports; defaults to where it was created.
  ///   - fileID: The file that creates the effect, for the default name.
  ///   - line: The line that creates the effect, for the default name.
  ///   - run: Called with the concrete action, the state after it, and a dispatch function.
  @inlinable
  public static func on<A: Action>(
    _ type: A.Type,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ run:
      @escaping @Sendable (
        _ action: A, _ state: State, _ dispatch: @escaping DispatchFunction
      ) throws -> Void
  ) -> Effect {
    Effect(name: name ?? "effect at \(fileID):\(line)", filter: ActionFilter(A.self)) {
      action, scope in
      guard let action = action.as(A.self) else { return }
      try run(action, scope.state, scope.dispatch)
    }
  }

  /// Creates an effect that starts an async task after every action.
  ///
  /// The task gets the state right after the action. It runs concurrently with the store and
  /// with the tasks of other actions, so actions it dispatches may interleave with others. It
  /// is cancelled when the store is released; an error it throws before that is reported.
  ///
  /// - Parameters:
  ///   - name: Names the effect in error reports; defaults to where it was created.
  ///   - fileID: The file that creates the effect, for the default name.
  ///   - line: The line that creates the effect, for the default name.
  ///   - run: The task's work, with the action, the state after it, and a dispatch function.
  @inlinable
  public static func task(
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ run:
      @escaping @Sendable (
        _ action: any Action, _ state: State, _ dispatch: @escaping DispatchFunction
      ) async throws -> Void
  ) -> Effect {
    let name = name ?? "effect at \(fileID):\(line)"
    return Effect(name: name) { action, scope in
      let state = scope.state
      scope.runner.spawn(effect: name, action: action, context: scope.context) { dispatch in
        try await run(action, state, dispatch)
      }
    }
  }

  /// Creates an effect that starts an async task after each action of type `A`.
  ///
  /// ```swift
  /// Effect<AppState>.task(on: LoadPosts.self) { load, state, dispatch in
  ///   dispatch(PostsLoaded(try await api.posts(page: load.page)))
  /// }
  /// ```
  ///
  /// Same rules as ``task(name:fileID:line:_:)``: concurrent, cancelled with the store, errors
  /// reported.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - name: Names the effect in error reports; defaults to where it was created.
  ///   - fileID: The file that creates the effect, for the default name.
  ///   - line: The line that creates the effect, for the default name.
  ///   - run: The task's work, with the concrete action, the state after it, and a dispatch
  ///     function.
  @inlinable
  public static func task<A: Action>(
    on type: A.Type,
    name: String? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ run:
      @escaping @Sendable (
        _ action: A, _ state: State, _ dispatch: @escaping DispatchFunction
      ) async throws -> Void
  ) -> Effect {
    let name = name ?? "effect at \(fileID):\(line)"
    return Effect(name: name, filter: ActionFilter(A.self)) { action, scope in
      guard let typed = action.as(A.self) else { return }
      let state = scope.state
      scope.runner.spawn(effect: name, action: action, context: scope.context) { dispatch in
        try await run(typed, state, dispatch)
      }
    }
  }
}

/// What an effect sees while it runs for one action.
@usableFromInline
struct EffectScope<State: Sendable> {
  @usableFromInline let context: MiddlewareContext<State>
  @usableFromInline let runner: EffectRunner<State>
  /// The state before the action, when an effect asked for it. `Any`, because only the
  /// logger's diff reads it, through `Mirror`; a `State?` here would cost every action.
  @usableFromInline let previousState: Any?

  @inlinable
  init(context: MiddlewareContext<State>, runner: EffectRunner<State>, previousState: Any?) {
    self.context = context
    self.runner = runner
    self.previousState = previousState
  }

  /// The state after the action; read only by effects that match, so skipping is cheap.
  @inlinable
  var state: State { context.state }

  @inlinable
  var dispatch: DispatchFunction {
    { [context] action in context.dispatch(action) }
  }
}

/// The action type a typed effect reacts to, compared by identity before the effect is called,
/// so that skipping an effect costs one comparison.
@usableFromInline
struct ActionFilter: Sendable {
  @usableFromInline let type: ObjectIdentifier
  /// Class actions may be subclasses of `type`; those effects are always called, and match
  /// with a cast.
  @usableFromInline let mayBeSubclass: Bool

  @inlinable
  init<A: Action>(_ type: A.Type) {
    self.type = ObjectIdentifier(type)
    mayBeSubclass = type is AnyClass
  }

  @inlinable
  func skips(_ actionType: ObjectIdentifier) -> Bool {
    actionType != type && !mayBeSubclass
  }
}
