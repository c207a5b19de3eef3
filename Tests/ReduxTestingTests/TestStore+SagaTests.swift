import Clocks
import ReduxCore
import ReduxSaga
import ReduxTesting
import Testing

struct Fetch: Action { var id: Int }
struct Fetched: Action, Equatable { var value: Int }

/// Answers each Fetch with Fetched(id × 10) after `delay` on the saga's clock.
@Sendable func fetchSaga(_ saga: SagaContext<Counter>) async throws {
  while true {
    let fetch = try await saga.take(Fetch.self)
    try await saga.delay(.seconds(2))
    await saga.put(Fetched(value: fetch.id * 10))
  }
}

let fetchReducer = Reducer.combine(
  counterReducer,
  Reducer<Counter>.on(Fetched.self) { state, fetched in state.count = fetched.value }
)

@MainActor
@Suite("TestStore with a saga", .timeLimit(.minutes(1)))
struct TestStoreSagaTests {
  func makeStore(clock: TestClock<Duration>) -> TestStore<Counter> {
    let sagas = SagaMiddleware<Counter>(clock: clock)
    let store = TestStore(
      initialState: Counter(), reducer: fetchReducer, middleware: [sagas.middleware])
    sagas.run("fetch", fetchSaga)
    return store
  }

  @Test("a saga's put is received once its delay has passed on the test clock")
  func put() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(Fetch(id: 4))
    while (try? await clock.checkSuspension()) != nil {}  // until the saga sleeps
    await clock.advance(by: .seconds(2))
    await store.receive(Fetched(value: 40)) { $0.count = 40 }
    await store.finish()
  }

  @Test("a wrong put fails with a diff of the actions")
  func wrongPut() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(Fetch(id: 4))
    while (try? await clock.checkSuspension()) != nil {}
    await clock.advance(by: .seconds(2))
    await withKnownIssue {
      await store.receive(Fetched(value: 41)) { $0.count = 40 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("- Fetched(value: 41)") && text.contains("+ Fetched(value: 40)")
    }
    await store.finish()
  }

  @Test("finish fails while the saga still sleeps, listing its work")
  func stillSleeping() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(Fetch(id: 1))
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(100))
    } matching: { issue in
      message(of: issue).contains("Work is still running after 0.1 seconds:\n\n  - ")
    }
    await clock.advance(by: .seconds(2))
    await store.receive(Fetched.self) { $0.count = 10 }
    await store.finish()
  }
}

@MainActor
@Suite("TestStoreTask cancelling saga work", .timeLimit(.minutes(1)))
struct TestStoreSagaCancelTests {
  @Test("cancel reports a take loop the action resumed as work it cannot cancel")
  func loopIsNotCancelled() async {
    let clock = TestClock()
    let sagas = SagaMiddleware<Counter>(clock: clock)
    let store = TestStore(
      initialState: Counter(), reducer: fetchReducer, middleware: [sagas.middleware])
    sagas.run("fetch", fetchSaga)
    let task = await store.send(Fetch(id: 1))
    await withKnownIssue {
      await task.cancel()
    } matching: { issue in
      message(of: issue).hasPrefix(
        "cancel() of send(Fetch) could not cancel this work, which is still running:\n\n"
          + "  - saga fetch\n")
    }
    await clock.advance(by: .seconds(2))
    await store.receive(Fetched.self) { $0.count = 10 }
    await store.finish()
  }
}
