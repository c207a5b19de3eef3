import ReduxCore
import ReduxSeam

/// The dispatch an async thunk (`Thunk.task`) gets: call it to dispatch, or await
/// ``send(_:)`` to resume once the action has been reduced.
///
/// ```swift
/// let refresh = Thunk<AppState, PostsService>.task { dispatch, getState, service in
///   await dispatch.send(LoadPosts())          // reduced when this returns
///   print(getState().posts.isLoading)          // true, even if the store was busy
///   dispatch(PostsLoaded(try await service.posts()))
/// }
/// ```
///
/// Calling it (`dispatch(action)`) is `Store.dispatch`: on an idle store the action has been
/// reduced when it returns, but when another thread is processing the store it is only queued,
/// so `getState()` right after may not include it yet. `await dispatch.send(action)` waits for
/// its turn in either case: when it resumes, the action went through the middleware and the
/// reducer, and `getState()` includes it.
///
/// Both carry the origin of the thunk's action, so the actions an async thunk dispatches count
/// as work of an `await store.send(thunk)` and its `finish()`. After the store is released,
/// both do nothing (`send` resumes at once).
public struct ThunkDispatch: Sendable {
  private let dispatch: @Sendable (any Action) -> Void
  private let sendAndWait: @Sendable (any Action) async -> Void

  /// A dispatch for a thunk run by the thunk middleware of the store behind `context`.
  init<State>(context: MiddlewareContext<State>, origin: ActionOrigin) {
    if origin.isTracked {
      dispatch = { action in context.dispatch(action, origin: origin) }
    } else {
      dispatch = { action in context.dispatch(action) }
    }
    sendAndWait = { action in
      await withCheckedContinuation { continuation in
        context.dispatch(action, origin: origin, listener: ResumeWhenProcessed(continuation))
      }
    }
  }

  /// A dispatch built on a plain dispatch function, to run a thunk's body without a store (in
  /// a unit test): ``send(_:)`` calls `dispatch` and resumes when it returns.
  ///
  /// - Parameter dispatch: Receives every action the thunk dispatches or sends.
  public init(_ dispatch: @escaping DispatchFunction) {
    self.dispatch = dispatch
    sendAndWait = { action in dispatch(action) }
  }

  /// Dispatches `action` through the store's whole middleware chain; see ``ThunkDispatch``
  /// for when it has been reduced.
  public func callAsFunction(_ action: any Action) {
    dispatch(action)
  }

  /// Dispatches `action` and resumes once it has been processed (reduced, or dropped by a
  /// middleware), even when another thread was processing the store.
  public func send(_ action: any Action) async {
    await sendAndWait(action)
  }
}
