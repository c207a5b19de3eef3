import Clocks
import ReduxCore
import ReduxSaga
import ReduxTesting
import Testing
import UserSagaFeature

/// An API that answers at once: user 1 is Ada, the others do not exist.
let stubAPI = UserAPI(
  user: { id in
    guard id == 1 else { throw NotFound(id: id) }
    return User(id: 1, name: "Ada")
  },
  search: { query in ["Ada", "Alan", "Grace"].filter { $0.lowercased().hasPrefix(query) } })

@MainActor
@Suite("UserSaga example in a test store", .timeLimit(.minutes(1)))
struct UserFeatureStoreTests {
  let clock = TestClock()
  let store: TestStore<AppState>

  /// The set-up of docs/testing.md: the saga middleware on a test clock, the test store, then
  /// the root saga.
  init() {
    let sagas = SagaMiddleware<AppState>(clock: clock)
    store = TestStore(
      initialState: AppState(), reducer: userReducer, middleware: [sagas.middleware])
    sagas.run("root", rootSaga(api: stubAPI))
  }

  @Test("a known user is stored; an unknown one stores the error")
  func fetch() async {
    await store.send(FetchUser(id: 1))
    await store.receive(UserFetched(user: User(id: 1, name: "Ada"))) {
      $0.user = User(id: 1, name: "Ada")
    }
    await store.send(FetchUser(id: 2))
    await store.receive(UserFetchFailed(message: "no user 2")) { $0.error = "no user 2" }
    await store.finish()
  }

  @Test("a search puts the names that start with the query")
  func search() async {
    await store.send(Search(query: "gr"))
    await store.receive(SearchResults(results: ["Grace"])) { $0.results = ["Grace"] }
    await store.finish()
  }

  @Test("polling puts Polled at once and every 30 ms, until stopped")
  func polling() async {
    await store.send(StartPolling())
    await store.receive(Polled()) { $0.polls = 1 }
    while (try? await clock.checkSuspension()) != nil {}  // until the poller sleeps
    await clock.advance(by: .milliseconds(30))
    await store.receive(Polled()) { $0.polls = 2 }
    await store.send(StopPolling())
    await store.finish()
  }
}

@Suite("UserSaga example with SagaTest")
struct UserFeatureSagaTests {
  @Test("each request is fetched with its id; the failure is put, and the loop goes on")
  func fetchUser() async throws {
    let result = try await SagaTest(
      fetchUserSaga(api: stubAPI), state: AppState(), reducer: userReducer
    )
    .provide(call: "fetchUser") { (id: Int) async throws -> User in
      guard id == 1 else { throw NotFound(id: id) }
      return User(id: 1, name: "Ada (stub)")
    }
    .dispatch(FetchUser(id: 1))
    .dispatch(FetchUser(id: 2))
    .run()
    #expect(result.arguments(of: "fetchUser", as: Int.self) == [1, 2])
    #expect(
      result.puts(of: UserFetched.self) == [UserFetched(user: User(id: 1, name: "Ada (stub)"))])
    #expect(result.puts(of: UserFetchFailed.self) == [UserFetchFailed(message: "no user 2")])
    #expect(result.state.error == "no user 2")
  }
}
