// UserSaga: the FetchUser flow of the original saga proof of concept, a takeLatest search,
// and a polling loop you can start and stop. Run with `swift run UserSaga`.
import ReduxCore
import ReduxSaga

// MARK: State and actions

struct User: Sendable, Equatable {
  var id: Int
  var name: String
}

struct AppState: Sendable {
  var user: User?
  var error: String?
  var results: [String] = []
  var polls = 0
}

struct FetchUser: Action { var id: Int }
struct UserFetched: Action { var user: User }
struct UserFetchFailed: Action { var message: String }
struct Search: Action { var query: String }
struct SearchResults: Action { var results: [String] }
struct StartPolling: Action {}
struct StopPolling: Action {}
struct Polled: Action {}

let reducer = Reducer<AppState>
  .on(UserFetched.self) { state, action in
    state.user = action.user
    state.error = nil
  }
  .on(UserFetchFailed.self) { state, action in state.error = action.message }
  .on(SearchResults.self) { state, action in state.results = action.results }
  .on(Polled.self) { state, _ in state.polls += 1 }

// MARK: A fake API

struct NotFound: Error, CustomStringConvertible {
  var id: Int
  var description: String { "no user \(id)" }
}

enum API {
  static func user(_ id: Int) async throws -> User {
    try await Task.sleep(for: .milliseconds(20))
    guard id == 1 else { throw NotFound(id: id) }
    return User(id: 1, name: "Ada")
  }

  static func search(_ query: String) async throws -> [String] {
    try await Task.sleep(for: .milliseconds(50))
    return ["Ada", "Alan", "Grace"].filter { $0.lowercased().hasPrefix(query.lowercased()) }
  }
}

// MARK: Sagas

/// Take a request, call a fetch that can fail, put success or failure.
@Sendable func fetchUser(_ saga: SagaContext<AppState>) async throws {
  while true {
    let request = try await saga.take(FetchUser.self)
    print("fetchUser: fetching user \(request.id)")
    do {
      let user = try await saga.call("fetchUser", with: request.id) { try await API.user($0) }
      await saga.put(UserFetched(user: user))
    } catch {
      await saga.put(UserFetchFailed(message: "\(error)"))
    }
  }
}

/// Each keystroke starts a search; a newer one cancels the one in flight.
@Sendable func search(_ saga: SagaContext<AppState>) async throws {
  saga.takeLatest(Search.self) { saga, search in
    do {
      let results = try await saga.call("search") { try await API.search(search.query) }
      print("search: \"\(search.query)\" -> \(results)")
      await saga.put(SearchResults(results: results))
    } catch is CancellationError {
      print("search: \"\(search.query)\" cancelled by a newer search")
    }
  }
}

/// Poll every 30 ms between StartPolling and StopPolling.
@Sendable func polling(_ saga: SagaContext<AppState>) async throws {
  while true {
    _ = try await saga.take(StartPolling.self)
    print("polling: started")
    let poller = try saga.fork("poller") { saga in
      while true {
        await saga.put(Polled())
        try await saga.delay(.milliseconds(30))
      }
    }
    _ = try await saga.take(StopPolling.self)
    saga.cancel(poller)
    print("polling: stopped")
  }
}

// MARK: Run

let sagas = SagaMiddleware<AppState>(onError: { report in print("saga failed: \(report)") })
let store = Store(initialState: AppState(), reducer: reducer, middleware: [sagas.middleware])
let root = sagas.run("root") { saga in
  try saga.fork("fetchUser", fetchUser)
  try saga.fork("search", search)
  try saga.fork("polling", polling)
}
let userLine: @Sendable (AppState) -> String? = { state in
  state.error.map { "error: \($0)" } ?? state.user?.name
}
let userChanges = store.subscribe(select: userLine) { print("state: \($0 ?? "no user")") }

store.dispatch(FetchUser(id: 1))
try await Task.sleep(for: .milliseconds(100))
store.dispatch(FetchUser(id: 2))
try await Task.sleep(for: .milliseconds(100))

for query in ["a", "al", "ala"] { store.dispatch(Search(query: query)) }
try await Task.sleep(for: .milliseconds(50))
store.dispatch(Search(query: "gr"))
try await Task.sleep(for: .milliseconds(150))

store.dispatch(StartPolling())
try await Task.sleep(for: .milliseconds(100))
store.dispatch(StopPolling())

// END lets every saga finish: takes end, helpers wait for their workers.
store.dispatch(END())
try await root.value
let state = store.state
print(
  "done: user \(state.user?.name ?? "-"), results \(state.results), polled \(state.polls) times")
userChanges.cancel()
