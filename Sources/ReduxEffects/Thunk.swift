import ReduxCore

/// An action that carries work instead of data: dispatched to a store with the thunk
/// middleware, it is run with `dispatch`, `getState` and an injected extra argument, and never
/// reaches the reducer.
///
/// Thunks are ReduxSwift's and redux-thunk's way to put logic, and async work, behind an
/// ordinary `dispatch`. Give your app a name for its thunk type, the way redux-toolkit apps
/// declare `AppThunk`:
///
/// ```swift
/// typealias AppThunk = Thunk<AppState, PostsService>
///
/// // An action creator: returns a plain action or a thunk.
/// func loadPosts(force: Bool = false) -> any Action {
///   AppThunk.task { dispatch, getState, service in
///     if !force, getState().posts.value != nil { return }
///     dispatch(LoadPosts())
///     do { dispatch(PostsLoaded(try await service.posts())) }
///     catch { dispatch(PostsFailed(error)) }
///   }
/// }
///
/// let store = Store(
///   initialState: AppState(),
///   reducer: appReducer,
///   middleware: [.thunks(extra: PostsService())]
/// )
/// store.dispatch(loadPosts())
/// ```
///
/// A thunk without an extra argument is a `Thunk<State, Void>`, created with a two-argument
/// closure `{ dispatch, getState in ... }` and handled by `Middleware.thunks()`.
///
/// ## Order
/// A synchronous thunk runs while the store processes it, so the actions it dispatches are
/// queued and reduced after it returns, in the order it dispatched them; `getState()` inside it
/// returns the state as it was when the thunk started. A thunk dispatched from a thunk is
/// queued like any other action. An async thunk (`Thunk.task`) runs
/// in its own task: its actions are reduced in the order it dispatched them. On an idle store
/// each `dispatch` has been reduced when it returns; when another thread is processing the
/// store, the action is only queued, so use `await dispatch.send(action)` (see
/// ``ThunkDispatch``) when `getState()` must include it. Releasing the store cancels the tasks
/// of async thunks still running.
public struct Thunk<State: Sendable, Extra: Sendable>: Action {
  enum Body: Sendable {
    case sync(@Sendable (@escaping DispatchFunction, @escaping GetState<State>, Extra) -> Void)
    case async(
      @Sendable (ThunkDispatch, @escaping GetState<State>, Extra) async -> Void)
  }

  let body: Body

  /// Creates a thunk whose work runs synchronously when it is dispatched.
  ///
  /// - Parameter run: The work, with a dispatch function, a way to read the state, and the
  ///   extra argument given to `Middleware.thunks(extra:)`.
  public init(
    _ run:
      @escaping @Sendable (
        _ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>,
        _ extra: Extra
      ) -> Void
  ) {
    body = .sync(run)
  }

  /// Creates a thunk whose work runs in a new task when it is dispatched.
  ///
  /// The task is cancelled when the store is released; check for cancellation in long work.
  /// Its `dispatch` is a ``ThunkDispatch``: `dispatch(action)` as usual, or
  /// `await dispatch.send(action)` to resume once the action has been reduced. The task is
  /// reported to the store as work of the thunk, so `await store.send(thunk).finish()` waits
  /// for it.
  ///
  /// - Parameter run: The work, with a dispatch function, a way to read the state, and the
  ///   extra argument given to `Middleware.thunks(extra:)`.
  public static func task(
    _ run:
      @escaping @Sendable (
        _ dispatch: ThunkDispatch, _ getState: @escaping GetState<State>,
        _ extra: Extra
      ) async -> Void
  ) -> Thunk {
    Thunk(body: .async(run))
  }

  private init(body: Body) {
    self.body = body
  }
}

extension Thunk where Extra == Void {
  /// Creates a thunk, with no extra argument, whose work runs synchronously when it is
  /// dispatched.
  ///
  /// ```swift
  /// let incrementTwice = Thunk<Counter, Void> { dispatch, getState in
  ///   dispatch(Increment())
  ///   dispatch(Increment())
  /// }
  /// ```
  ///
  /// - Parameter run: The work, with a dispatch function and a way to read the state.
  public init(
    _ run:
      @escaping @Sendable (
        _ dispatch: @escaping DispatchFunction, _ getState: @escaping GetState<State>
      ) -> Void
  ) {
    self.init { dispatch, getState, _ in run(dispatch, getState) }
  }

  /// Creates a thunk, with no extra argument, whose work runs in a new task when it is
  /// dispatched.
  ///
  /// - Parameter run: The work, with a dispatch function and a way to read the state.
  public static func task(
    _ run:
      @escaping @Sendable (
        _ dispatch: ThunkDispatch, _ getState: @escaping GetState<State>
      ) async -> Void
  ) -> Thunk {
    task { dispatch, getState, _ in await run(dispatch, getState) }
  }
}

/// Lets the thunk middleware recognise a thunk whose type it does not handle.
@usableFromInline
protocol AnyThunk {
  static var typeDescription: String { get }
}

extension Thunk: AnyThunk {
  @usableFromInline
  static var typeDescription: String { "Thunk<\(State.self), \(Extra.self)>" }
}
