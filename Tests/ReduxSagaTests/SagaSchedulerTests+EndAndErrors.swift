import Logging
import ReduxCore
import ReduxSaga
import Testing

extension SagaSchedulerTests {
  // MARK: 8. debounce at END

  @Test("rule 8: END cancels debounce's pending timer, so no worker runs after END")
  func debounceStopsAtEnd() async throws {
    let harness = Harness()
    let workers = Box(0)
    let root = harness.sagas.run("root") { saga in
      _ = saga.debounce(.type(Ping.self), for: .seconds(1)) { _, _ in workers.update { $0 += 1 } }
    }
    harness.store.dispatch(Ping())
    await harness.clock.waitForSleepers(1)
    harness.store.dispatch(END())
    harness.clock.advance(by: .seconds(2))
    try await root.value
    #expect(workers.value == 0)
  }

  // MARK: 9. No silent failures

  @Test("rule 9: without onError, a failed saga is logged at error level with its saga stack")
  func failureIsLoggedWithoutOnError() async throws {
    let records = Box<[(level: Logger.Level, message: String)]>([])
    let logger = Logger(label: "test") { _ in CapturingLogHandler(records: records) }
    let sagas = SagaMiddleware<TestState>(logger: logger)
    let store = Store(
      initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
    let root = sagas.run("root") { saga in
      try await saga.fork("child") { _ in throw TestError(message: "lost") }.value
    }
    _ = await root.result
    let record = try #require(records.value.first)
    #expect(record.level == .error)
    #expect(record.message.contains("lost"))
    #expect(record.message.contains("at child"))
    #expect(record.message.contains("at root"))
    withExtendedLifetime(store) {}
  }

  // MARK: 10. A fork that fails at once

  @Test("rule 10: a fork that fails before its first wait stops its parent at the fork")
  func forkFailingAtOnceStopsParent() async throws {
    let harness = Harness()
    let steps = Box<[String]>([])
    let root = harness.sagas.run("parent") { saga in
      try saga.fork("failing") { _ in throw TestError(message: "at once") }
      steps.update { $0.append("after fork") }
      await saga.put(Add())
      _ = try await saga.take(Stop.self)
    }
    #expect(!root.isRunning)
    if root.isRunning { root.cancel() }
    await #expect(throws: TestError(message: "at once")) { try await root.value }
    #expect(steps.value.isEmpty)
    #expect(harness.store.state.count == 0)
    #expect(harness.probe.errors.map(\.sagaStack) == [["parent", "failing"]])
  }
}
