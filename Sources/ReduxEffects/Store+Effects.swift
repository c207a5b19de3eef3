import ReduxCore

extension Store {
  /// Creates a store that runs `effects` after each action is reduced.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: AppState(),
  ///   reducer: appReducer,
  ///   effects: [
  ///     .logger(Logger(label: "app")),
  ///     .task(on: LoadPosts.self) { load, state, dispatch in
  ///       dispatch(PostsLoaded(try await api.posts(page: load.page)))
  ///     },
  ///   ],
  ///   middleware: [.thunks()]
  /// )
  /// ```
  ///
  /// The effects run as the last middleware, after `middleware`, so they see exactly the
  /// actions that reached the reducer (not thunks, not actions a middleware dropped), and the
  /// state after each.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Applies each action to the state.
  ///   - effects: Run after each action, in array order.
  ///   - middleware: Steps that see each action before the reducer, first to last.
  ///   - onEffectError: Called with each error an effect throws; the effect keeps running.
  ///     When `nil`, errors are logged at `error` level to a `Logger` labelled "ReduxEffects".
  @inlinable
  public convenience init(
    initialState: State,
    reducer: Reducer<State>,
    effects: [Effect<State>],
    middleware: [Middleware<State>] = [],
    onEffectError: (@Sendable (_ failure: EffectFailure) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState,
      reducer: reducer,
      middleware: middleware + [.effects(effects, onError: onEffectError)]
    )
  }
}
