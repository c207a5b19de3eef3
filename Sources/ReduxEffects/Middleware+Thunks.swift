import ReduxCore

extension Middleware {
  /// A middleware that runs dispatched ``Thunk``s without an extra argument.
  ///
  /// The same as ``thunks(extra:)`` with `()`; it handles `Thunk<State, Void>`.
  public static func thunks() -> Middleware {
    thunks(extra: ())
  }

  /// A middleware that runs each dispatched `Thunk<State, Extra>` with `extra` and passes every
  /// other action on; like redux-thunk's `withExtraArgument`.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: AppState(),
  ///   reducer: appReducer,
  ///   middleware: [.thunks(extra: PostsService())]
  /// )
  /// ```
  ///
  /// Thunks stop here: the reducer and any later middleware never see them. Put it first, so
  /// the actions a thunk dispatches pass through every other middleware. Use one thunk
  /// middleware per store: a thunk of another `State` or `Extra` type reaching it is a
  /// programmer error, which stops a debug build with a message naming both types (release
  /// builds leave that check out of every action). A thunk dispatched to a store with no thunk
  /// middleware reaches the reducers, which ignore it.
  ///
  /// - Parameter extra: Handed to every thunk, for dependencies such as an API client.
  /// - Returns: The middleware; it owns the tasks of async thunks, and releasing the store that
  ///   holds it cancels them.
  @inlinable
  public static func thunks<Extra: Sendable>(extra: Extra) -> Middleware {
    // Inlinable: specialized for the app's State where the store is made, letting a plain
    // action pass costs one type comparison (ModuleProfile's `thunks-none`).
    let tasks = TaskBag()
    return Middleware { context, action, next in
      guard let thunk = action.as(Thunk<State, Extra>.self) else {
        assert(isNotAThunk(action, expecting: Thunk<State, Extra>.self))
        next(action)
        return
      }
      run(thunk, in: context, extra: extra, tasks: tasks)
    }
  }

  /// Runs a thunk the middleware handles.
  @usableFromInline
  static func run<Extra: Sendable>(
    _ thunk: Thunk<State, Extra>, in context: MiddlewareContext<State>, extra: Extra,
    tasks: TaskBag
  ) {
    let getState: GetState<State> = { context.state }
    switch thunk.body {
    case .sync(let run):
      // Its dispatches are queued behind the thunk and inherit its origin from the store.
      run({ action in context.dispatch(action) }, getState, extra)
    case .async(let run):
      // Reported as work of the thunk action, so `await store.send(thunk).finish()` waits
      // for it; its dispatches carry that origin. Nothing is recorded for a plain dispatch.
      let work = context.workLedger.beginWork(
        origin: context.workLedger.processingOrigin,
        "async thunk \(Thunk<State, Extra>.typeDescription)")
      let dispatch = ThunkDispatch(context: context, origin: work?.origin ?? .untracked)
      tasks.spawn(reportingTo: work) {
        defer { work?.end() }
        await run(dispatch, getState, extra)
      }
    }
  }
}

/// Stops the program if `action` is a thunk of another type than the middleware's: a store
/// wired with the wrong `.thunks(extra:)`. Returns true otherwise, for `assert`.
@usableFromInline
func isNotAThunk<Handled: AnyThunk>(_ action: any Action, expecting handled: Handled.Type) -> Bool {
  guard let other = action as? any AnyThunk else { return true }
  preconditionFailure(
    """
    A \(type(of: other).typeDescription) reached the thunk middleware for \
    \(Handled.typeDescription). Create thunks of that type, or build the store's middleware \
    with .thunks(extra:) for the thunks' Extra type.
    """
  )
}
