import Clocks
import ReduxCore
import ReduxSaga
import ReduxTesting
import Testing

// The saga setup of docs/testing.md: a root saga that only registers a take helper, whose
// worker waits on the saga middleware's clock before it calls and puts.

struct SearchState: Sendable, Equatable {
  var query = ""
  var results: [String] = []
  var showsHints = false
}

struct Search: Action { var query: String }
struct SearchResults: Action, Equatable { var results: [String] }
struct ToggleHints: Action {}

let searchReducer = Reducer<SearchState>
  .on(Search.self) { state, search in state.query = search.query }
  .on(SearchResults.self) { state, loaded in state.results = loaded.results }
  .on(ToggleHints.self) { state, _ in state.showsHints.toggle() }

@Sendable func searchSaga(_ saga: SagaContext<SearchState>) async throws {
  saga.takeLatest(.type(Search.self)) { saga, search in
    try await saga.delay(.milliseconds(300))
    let results = try await saga.call("search", with: search.query) { ["\($0) 1"] }
    await saga.put(SearchResults(results: results))
  }
}

/// Which was made first: the test store, or the sagas.
enum SetupOrder: CaseIterable, Sendable {
  case testStoreFirst, sagasFirst

  @MainActor
  func makeStore(clock: TestClock<Duration>) -> TestStore<SearchState> {
    let sagas = SagaMiddleware<SearchState>(clock: clock)
    switch self {
    case .testStoreFirst:
      let store = TestStore(
        initialState: SearchState(), reducer: searchReducer, middleware: [sagas.middleware])
      sagas.run("search", searchSaga)
      return store
    case .sagasFirst:
      let store = Store(
        initialState: SearchState(), reducer: searchReducer, middleware: [sagas.middleware])
      sagas.run("search", searchSaga)
      return TestStore(store)
    }
  }
}

@MainActor
@Suite("TestStore with the saga setup of docs/testing.md", .timeLimit(.minutes(1)))
struct TestStoreSagaSetupTests {
  @Test(
    "a test that only changes a field passes: a helper waiting for its action is idle",
    arguments: SetupOrder.allCases)
  func onlyAField(order: SetupOrder) async {
    let store = order.makeStore(clock: TestClock())
    await store.send(ToggleHints()) { $0.showsHints = true }
  }

  @Test("finish() returns at once while the sagas only wait", arguments: SetupOrder.allCases)
  func finishWhileWaiting(order: SetupOrder) async {
    let store = order.makeStore(clock: TestClock())
    await store.send(ToggleHints()) { $0.showsHints = true }
    // A timeout too short for any wait: finish passes only if nothing counts as running.
    await store.finish(timeout: .milliseconds(1))
  }

  @Test(
    "the worker an action starts is received once the clock passes its delay",
    arguments: SetupOrder.allCases)
  func worker(order: SetupOrder) async {
    let clock = TestClock()
    let store = order.makeStore(clock: clock)
    let task = await store.send(Search(query: "swift")) { $0.query = "swift" }
    while (try? await clock.checkSuspension()) != nil {}  // until the worker sleeps
    #expect(!task.storeTask.isFinished)
    await clock.advance(by: .milliseconds(300))
    await store.receive(SearchResults(results: ["swift 1"])) { $0.results = ["swift 1"] }
    await task.storeTask.finish()  // ReduxCore's StoreTask: the worker, not the helper
    await store.finish(timeout: .milliseconds(1))
  }

  @Test("a worker still waiting on the clock at the end of the test fails it, by name")
  func workerAtEnd() async {
    await withKnownIssue {
      let store = SetupOrder.testStoreFirst.makeStore(clock: TestClock())
      await store.send(Search(query: "swift")) { $0.query = "swift" }
    } matching: { issue in
      message(of: issue) == """
        Work is still running at the end of the test:

          - saga search > takeLatest(Search) > takeLatest(Search) worker

        End a test that starts async work with `await store.finish()`.
        """
    }
  }

  @Test("finish() names the worker it waited for, and the end of the test does not again")
  func finishTimesOut() async {
    await withKnownIssue {
      let store = SetupOrder.sagasFirst.makeStore(clock: TestClock())
      await store.send(Search(query: "swift")) { $0.query = "swift" }
      await store.finish(timeout: .milliseconds(100))
    } matching: { issue in
      // One failure: a second one, at the end of the test, would not match and would fail.
      message(of: issue) == """
        Work is still running after 0.1 seconds:

          - saga search > takeLatest(Search) > takeLatest(Search) worker
        """
    }
  }

  @Test("work started after finish() is reported at the end with a hint that says so")
  func workAfterFinish() async {
    await withKnownIssue {
      let store = SetupOrder.testStoreFirst.makeStore(clock: TestClock())
      await store.send(ToggleHints()) { $0.showsHints = true }
      await store.finish()
      await store.send(Search(query: "swift")) { $0.query = "swift" }
    } matching: { issue in
      message(of: issue) == """
        Work is still running at the end of the test:

          - saga search > takeLatest(Search) > takeLatest(Search) worker

        It started after the last `await store.finish()`, or outlived it: await \
        `store.finish()` after the last step that starts work.
        """
    }
  }

  @Test("receive when no action comes names the takes still waiting")
  func noActionNamesTakes() async {
    let store = SetupOrder.testStoreFirst.makeStore(clock: TestClock())
    await store.send(ToggleHints()) { $0.showsHints = true }
    await withKnownIssue {
      await store.receive(SearchResults.self)
    } matching: { issue in
      message(of: issue) == """
        Expected to receive SearchResults, but no action arrived and no work is running.

        Waiting for an action, so not running:

          - search > takeLatest(Search) waits for Search

        Send the action they wait for first, if it is what makes SearchResults come.
        """
    }
  }

  @Test("cancel() of a send stops the saga worker it forked")
  func cancelWorker() async {
    let store = SetupOrder.testStoreFirst.makeStore(clock: TestClock())
    let task = await store.send(Search(query: "swift")) { $0.query = "swift" }
    #expect(!task.isFinished)
    await task.cancel()
    #expect(task.isFinished)
    await store.finish(timeout: .milliseconds(1))
  }

  @Test("cancelInFlightEffects stops every saga worker in flight")
  func skipWorkers() async {
    let store = SetupOrder.sagasFirst.makeStore(clock: TestClock())
    await store.send(Search(query: "swift")) { $0.query = "swift" }
    await store.send(ToggleHints()) { $0.showsHints = true }
    await store.cancelInFlightEffects()
    await store.finish(timeout: .milliseconds(1))
  }
}
