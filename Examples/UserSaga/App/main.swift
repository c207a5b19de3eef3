// UserSaga: the FetchUser flow of the original saga proof of concept, a takeLatest search,
// a polling loop you can start and stop, a supervised watcher that survives its worker's
// error, and the fetch saga run without a store by `runSaga`. Run with `swift run UserSaga`.
// The feature lives in UserFeature/, its tests in Tests/.
import ReduxCore
import ReduxSaga
import UserSagaFeature

/// A fake API that answers after a short real delay; user 1 exists, the others do not.
let api = UserAPI(
  user: { id in
    try await Task.sleep(for: .milliseconds(20))
    guard id == 1 else { throw NotFound(id: id) }
    return User(id: 1, name: "Ada")
  },
  search: { query in
    try await Task.sleep(for: .milliseconds(50))
    return ["Ada", "Alan", "Grace"].filter { $0.lowercased().hasPrefix(query.lowercased()) }
  })

let sagas = SagaMiddleware<AppState>(onError: { report in print("saga failed: \(report)") })
let store = Store(initialState: AppState(), reducer: userReducer, middleware: [sagas.middleware])
let root = sagas.run("root", rootSaga(api: api))

/// Makes the supervised watcher's worker fail, to show supervision.
struct Crash: Action {}
struct Crashed: Error {}
// Without `supervise`, the worker's error would end "watchCrashes" and "supervised" for the
// rest of the run. With it, each failure is printed by `onError` and the watcher restarts
// after 10 ms, up to 3 times.
let supervised = sagas.run("supervised") { saga in
  try await saga.supervise(
    "watchCrashes", restarting: RestartPolicy(maxRestarts: 3, backoff: .milliseconds(10))
  ) { watcher in
    _ = watcher.takeEvery(.type(Crash.self)) { _, _ in throw Crashed() }
  }
}
let userLine: @Sendable (AppState) -> String? = { state in
  state.error.map { "error: \($0)" } ?? state.user?.name
}
let userChanges = store.subscribe(select: userLine) { print("user: \($0 ?? "none")") }
let resultChanges = store.subscribe(select: \.results) { print("search results: \($0)") }

store.dispatch(FetchUser(id: 1))
try await Task.sleep(for: .milliseconds(100))
store.dispatch(FetchUser(id: 2))
try await Task.sleep(for: .milliseconds(100))

// Typed quickly: each search cancels the one before, so only "ala" and "gr" finish.
for query in ["a", "al", "ala"] { store.dispatch(Search(query: query)) }
try await Task.sleep(for: .milliseconds(100))
store.dispatch(Search(query: "gr"))
try await Task.sleep(for: .milliseconds(150))

store.dispatch(StartPolling())
try await Task.sleep(for: .milliseconds(100))
store.dispatch(StopPolling())

// Each crash is reported, and the restarted watcher takes the next one.
for _ in 0..<2 {
  store.dispatch(Crash())
  try await Task.sleep(for: .milliseconds(50))
}

// END lets every saga finish: takes end, helpers wait for their workers.
store.dispatch(END())
try await root.value
try await supervised.value
let state = store.state
print(
  "done: user \(state.user?.name ?? "-"), results \(state.results), polled \(state.polls) times")
userChanges.cancel()
resultChanges.cancel()

// runSaga: the fetch saga without a store. Its takes see what is sent to `input`, its puts
// go to `dispatch` (here printed; the first one sends END, which ends the saga's loop).
let input = SagaInput()
let standalone = runSaga(
  "standalone", input: input,
  dispatch: { action in
    print("runSaga put: \(action)")
    input.send(END())
  },
  getState: { AppState() },
  saga: fetchUserSaga(api: api))
input.send(FetchUser(id: 1))
try await standalone.value
print("runSaga done")
