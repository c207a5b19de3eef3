// SwiftRX's posts flow on ReduxEffects: an async effect loads posts from a service that fails
// every second call, the request moves through RequestState, a logger effect writes each
// action to a swift-log Logger, and a thunk-based action creator loads only when needed.
// The feature itself lives in PostsFeature, which Tests/ checks with ReduxTesting.
import Logging
import PostsFeature
import ReduxCore
import ReduxEffects

var logger = Logger(label: "posts.store", factory: StreamLogHandler.standardOutput(label:))
logger.logLevel = .info

let store = Store(
  initialState: AppState(),
  reducer: postsReducer,
  effects: [
    loadPostsEffect(service: PostsService()), .logger(logger, level: .info, stateChanges: true),
  ],
  middleware: [.thunks()]
)

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
