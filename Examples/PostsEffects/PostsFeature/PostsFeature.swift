// The posts feature of the PostsEffects example, as a library: the executable (App/main.swift)
// runs it, and its tests (Tests/) drive it with ReduxTesting's TestStore, as an app would.
import ReduxCore
import ReduxEffects

/// A post as the service returns it.
public struct Post: Sendable, Equatable {
  /// The post's identifier.
  public let id: Int
  /// The post's title.
  public let title: String

  /// Creates a post.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// Why the service could not return the posts.
public struct PostsError: Error, Equatable {
  /// A readable reason.
  public let reason: String

  /// Creates an error with its reason.
  public init(reason: String) {
    self.reason = reason
  }
}

/// An in-memory posts service. Every second call fails, so both outcomes show up, always in
/// the same order.
public actor PostsService {
  /// What every successful call returns.
  public static let posts = [
    Post(id: 1, title: "Hello, Redux"), Post(id: 2, title: "Effects after reducers"),
  ]

  private var calls = 0

  /// Creates a service whose first call succeeds.
  public init() {}

  /// Returns ``posts``, or throws on every second call.
  public func posts() async throws(PostsError) -> [Post] {
    calls += 1
    if calls % 2 == 0 { throw PostsError(reason: "server busy (call \(calls))") }
    return Self.posts
  }
}

/// The example's state: the posts request.
public struct AppState: Sendable, Equatable {
  /// Where the posts request stands.
  public var posts: RequestState<[Post], PostsError>

  /// Creates a state; no request has been made by default.
  public init(posts: RequestState<[Post], PostsError> = .idle) {
    self.posts = posts
  }
}

/// Asks for the posts.
public struct LoadPosts: Action {
  /// Creates the action.
  public init() {}
}

/// The posts arrived.
public struct PostsLoaded: Action, Equatable {
  /// The posts.
  public let posts: [Post]

  /// Creates the action.
  public init(posts: [Post]) {
    self.posts = posts
  }
}

/// The posts request failed.
public struct PostsFailed: Action, Equatable {
  /// Why.
  public let error: PostsError

  /// Creates the action.
  public init(error: PostsError) {
    self.error = error
  }
}

/// Moves the request through its states.
public let postsReducer = Reducer<AppState>
  .on(LoadPosts.self) { state, _ in state.posts = .loading }
  .on(PostsLoaded.self) { state, loaded in state.posts = .success(loaded.posts) }
  .on(PostsFailed.self) { state, failed in state.posts = .failure(failed.error) }

/// Loads the posts from `service` after each ``LoadPosts``.
public func loadPostsEffect(service: PostsService) -> Effect<AppState> {
  .task(on: LoadPosts.self, name: "loadPosts") { _, _, dispatch in
    do throws(PostsError) {
      dispatch(PostsLoaded(posts: try await service.posts()))
    } catch {
      dispatch(PostsFailed(error: error))
    }
  }
}

/// An action creator: a thunk that reads the state and asks for the posts only when they are
/// neither loaded nor loading.
public func loadPostsIfNeeded() -> any Action {
  Thunk<AppState, Void> { dispatch, getState in
    switch getState().posts {
    case .idle, .failure: dispatch(LoadPosts())
    case .loading, .success: break
    }
  }
}

/// A one-line description of the request, for printing.
public func describe(_ posts: RequestState<[Post], PostsError>) -> String {
  switch posts {
  case .idle: "idle"
  case .loading: "loading…"
  case .success(let posts): "success: \(posts.map(\.title).joined(separator: ", "))"
  case .failure(let error): "failure: \(error.reason)"
  }
}
