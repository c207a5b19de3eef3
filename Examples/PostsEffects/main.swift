// SwiftRX's posts flow on ReduxEffects: an async effect loads posts from a service that fails
// every second call, the request moves through RequestState, a logger effect writes each
// action to a swift-log Logger, and a thunk-based action creator loads only when needed.
import Logging
import ReduxCore
import ReduxEffects

struct Post: Sendable, Equatable {
  let id: Int
  let title: String
}

struct PostsError: Error, Equatable {
  let reason: String
}

/// An in-memory posts service. Every second call fails, so both outcomes show up, always in
/// the same order.
actor PostsService {
  private var calls = 0

  func posts() async throws(PostsError) -> [Post] {
    calls += 1
    if calls % 2 == 0 { throw PostsError(reason: "server busy (call \(calls))") }
    return [Post(id: 1, title: "Hello, Redux"), Post(id: 2, title: "Effects after reducers")]
  }
}

// State and actions.
struct AppState: Sendable {
  var posts: RequestState<[Post], PostsError> = .idle
}

struct LoadPosts: Action {}
struct PostsLoaded: Action { let posts: [Post] }
struct PostsFailed: Action { let error: PostsError }

let reducer = Reducer<AppState>
  .on(LoadPosts.self) { state, _ in state.posts = .loading }
  .on(PostsLoaded.self) { state, loaded in state.posts = .success(loaded.posts) }
  .on(PostsFailed.self) { state, failed in state.posts = .failure(failed.error) }

// Effects: the request itself, and the logger.
let service = PostsService()

let loadPosts = Effect<AppState>.task(on: LoadPosts.self) { _, _, dispatch in
  do throws(PostsError) {
    dispatch(PostsLoaded(posts: try await service.posts()))
  } catch {
    dispatch(PostsFailed(error: error))
  }
}

var logger = Logger(label: "posts.store", factory: StreamLogHandler.standardOutput(label:))
logger.logLevel = .info

// An action creator: a thunk that reads the state and dispatches only when there is work.
func loadPostsIfNeeded() -> any Action {
  Thunk<AppState, Void> { dispatch, getState in
    switch getState().posts {
    case .idle, .failure: dispatch(LoadPosts())
    case .loading, .success: break
    }
  }
}

let store = Store(
  initialState: AppState(),
  reducer: reducer,
  effects: [loadPosts, .logger(logger, level: .info, stateChanges: true)],
  middleware: [.thunks()]
)

func describe(_ posts: RequestState<[Post], PostsError>) -> String {
  switch posts {
  case .idle: "idle"
  case .loading: "loading…"
  case .success(let posts): "success: \(posts.map(\.title).joined(separator: ", "))"
  case .failure(let error): "failure: \(error.reason)"
  }
}

let transitions = store.subscribe(select: \.posts) { posts in
  print("posts →", describe(posts))
}

/// Dispatches `action`, then waits until the posts request is no longer loading.
func run(_ step: String, _ action: any Action) async {
  print("\n== \(step)")
  store.dispatch(action)
  for await posts in store.values(select: \.posts) where !posts.isLoading { break }
}

await run("load posts if needed (first call succeeds)", loadPostsIfNeeded())
await run("load posts if needed again (already loaded: nothing to do)", loadPostsIfNeeded())
await run("refresh (second call fails)", LoadPosts())
await run("load posts if needed after the failure (third call succeeds)", loadPostsIfNeeded())

transitions.cancel()
print("\ndone:", describe(store.state.posts))
