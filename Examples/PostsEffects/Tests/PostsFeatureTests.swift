import PostsFeature
import ReduxCore
import ReduxEffects
import ReduxTesting
import Testing

@MainActor
@Suite("PostsEffects example", .timeLimit(.minutes(1)))
struct PostsFeatureTests {
  /// The example's store, as main.swift builds it (without the logger).
  func makeStore() -> TestStore<AppState> {
    TestStore(
      Store(
        initialState: AppState(), reducer: postsReducer,
        effects: [loadPostsEffect(service: PostsService())], middleware: [.thunks()]))
  }

  @Test("loading when needed succeeds, does nothing once loaded, and a refresh can fail")
  func flow() async {
    let store = makeStore()
    await store.send(loadPostsIfNeeded())
    await store.receive(LoadPosts.self) { $0.posts = .loading }
    await store.receive(PostsLoaded(posts: PostsService.posts)) {
      $0.posts = .success(PostsService.posts)
    }

    await store.send(loadPostsIfNeeded())  // already loaded: the thunk sends nothing

    await store.send(LoadPosts()) { $0.posts = .loading }
    await store.receive(PostsFailed(error: PostsError(reason: "server busy (call 2)"))) {
      $0.posts = .failure(PostsError(reason: "server busy (call 2)"))
    }

    await store.send(loadPostsIfNeeded())  // after a failure it asks again
    await store.receive(LoadPosts.self) { $0.posts = .loading }
    await store.receive(PostsLoaded.self) { $0.posts = .success(PostsService.posts) }
    await store.finish()
  }
}
