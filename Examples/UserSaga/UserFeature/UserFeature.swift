// The user feature of the UserSaga example, as a library: the executable (App/main.swift) runs
// it against a slow fake API, and its tests (Tests/) drive it with ReduxTesting's TestStore and
// with SagaTest, as an app would. The API and the clock are injected, so tests need no sleeps.
import ReduxCore
import ReduxSaga

// MARK: State and actions

/// A user as the API returns it.
public struct User: Sendable, Equatable {
  /// The user's identifier.
  public var id: Int
  /// The user's name.
  public var name: String

  /// Creates a user.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// The example's whole state.
public struct AppState: Sendable, Equatable {
  /// The last user fetched.
  public var user: User?
  /// Why the last fetch failed, if it did.
  public var error: String?
  /// The results of the latest search.
  public var results: [String] = []
  /// How many times the poller ran.
  public var polls = 0

  /// Creates the state before any action.
  public init() {}
}

/// Asks for the user with an id.
public struct FetchUser: Action {
  /// The user's identifier.
  public var id: Int
  /// Creates the request.
  public init(id: Int) { self.id = id }
}

/// The user was fetched.
public struct UserFetched: Action, Equatable {
  /// The user.
  public var user: User
  /// Creates the action.
  public init(user: User) { self.user = user }
}

/// The fetch failed.
public struct UserFetchFailed: Action, Equatable {
  /// Why.
  public var message: String
  /// Creates the action.
  public init(message: String) { self.message = message }
}

/// A keystroke in the search field.
public struct Search: Action {
  /// The query typed so far.
  public var query: String
  /// Creates the action.
  public init(query: String) { self.query = query }
}

/// The results of a search.
public struct SearchResults: Action, Equatable {
  /// The names found.
  public var results: [String]
  /// Creates the action.
  public init(results: [String]) { self.results = results }
}

/// Starts polling.
public struct StartPolling: Action {
  /// Creates the action.
  public init() {}
}

/// Stops polling.
public struct StopPolling: Action {
  /// Creates the action.
  public init() {}
}

/// One poll.
public struct Polled: Action, Equatable {
  /// Creates the action.
  public init() {}
}

/// Applies the example's actions to its state.
public let userReducer = Reducer<AppState>
  .on(UserFetched.self) { state, action in
    state.user = action.user
    state.error = nil
  }
  .on(UserFetchFailed.self) { state, action in state.error = action.message }
  .on(SearchResults.self) { state, action in state.results = action.results }
  .on(Polled.self) { state, _ in state.polls += 1 }

// MARK: The API the sagas call

/// The services the sagas call, injected: the app passes ``live``, tests pass stubs.
public struct UserAPI: Sendable {
  /// Fetches a user by id.
  public var user: @Sendable (_ id: Int) async throws -> User
  /// Finds the names that start with a query.
  public var search: @Sendable (_ query: String) async throws -> [String]

  /// Creates an API from its functions.
  public init(
    user: @escaping @Sendable (_ id: Int) async throws -> User,
    search: @escaping @Sendable (_ query: String) async throws -> [String]
  ) {
    self.user = user
    self.search = search
  }
}

/// No user with this id.
public struct NotFound: Error, CustomStringConvertible {
  /// The id asked for.
  public var id: Int
  /// Creates the error.
  public init(id: Int) { self.id = id }
  /// `no user <id>`.
  public var description: String { "no user \(id)" }
}

// MARK: Sagas

/// Takes each request, calls a fetch that can fail, and puts the success or the failure.
public func fetchUserSaga(api: UserAPI) -> @Sendable (SagaContext<AppState>) async throws -> Void {
  { saga in
    while true {
      let request = try await saga.take(FetchUser.self)
      do {
        let user = try await saga.call("fetchUser", with: request.id, api.user)
        await saga.put(UserFetched(user: user))
      } catch {
        await saga.put(UserFetchFailed(message: "\(error)"))
      }
    }
  }
}

/// Each keystroke starts a search; a newer one cancels the one in flight.
public func searchSaga(api: UserAPI) -> @Sendable (SagaContext<AppState>) async throws -> Void {
  { saga in
    saga.takeLatest(.type(Search.self)) { saga, search in
      let results = try await saga.call("search", with: search.query, api.search)
      await saga.put(SearchResults(results: results))
    }
  }
}

/// Polls every 30 ms on the saga middleware's clock between StartPolling and StopPolling.
@Sendable public func pollingSaga(_ saga: SagaContext<AppState>) async throws {
  while true {
    _ = try await saga.take(StartPolling.self)
    let poller = try saga.fork("poller") { saga in
      while true {
        await saga.put(Polled())
        try await saga.delay(.milliseconds(30))
      }
    }
    _ = try await saga.take(StopPolling.self)
    saga.cancel(poller)
  }
}

/// The root saga: it forks the three sagas and waits for them.
public func rootSaga(api: UserAPI) -> @Sendable (SagaContext<AppState>) async throws -> Void {
  { saga in
    try saga.fork("fetchUser", fetchUserSaga(api: api))
    try saga.fork("search", searchSaga(api: api))
    try saga.fork("polling", pollingSaga)
  }
}
