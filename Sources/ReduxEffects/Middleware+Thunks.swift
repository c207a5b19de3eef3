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
  /// programmer error and stops the program with a message naming both types. A thunk
  /// dispatched to a store with no thunk middleware reaches the reducers, which ignore it.
  ///
  /// - Parameter extra: Handed to every thunk, for dependencies such as an API client.
  /// - Returns: The middleware; it owns the tasks of async thunks, and releasing the store that
  ///   holds it cancels them.
  public static func thunks<Extra: Sendable>(extra: Extra) -> Middleware {
    let tasks = TaskBag()
    return Middleware { context, action, next in
      guard let thunk = action.as(Thunk<State, Extra>.self) else {
        if let other = action as? any AnyThunk {
          preconditionFailure(
            """
            A \(type(of: other).typeDescription) reached the thunk middleware for \
            \(Thunk<State, Extra>.typeDescription). Create thunks of that type, or build the \
            store's middleware with .thunks(extra:) for the thunks' Extra type.
            """
          )
        }
        next(action)
        return
      }
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
}
