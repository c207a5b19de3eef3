import Clocks
import ReduxCore
import ReduxSaga
import Testing

@Suite("call, cps, delay and retry")
struct CallTests {
  @Test("call returns the function's value, and its error can be caught")
  func callValueAndError() async throws {
    let harness = Harness()
    let value = try await harness.sagas.run("caller") { saga in
      let doubled = try await saga.call("double", with: 21) { $0 * 2 }
      do {
        _ = try await saga.call("fail") { () async throws -> Int in throw TestError() }
        return -1
      } catch let error as TestError {
        #expect(error == TestError())
        return doubled
      }
    }.value
    #expect(value == 42)
  }

  @Test("cps returns a callback's success and throws its failure")
  func cpsResult() async throws {
    let harness = Harness()
    let value = try await harness.sagas.run("cps") { saga in
      try await saga.cps("ok") {
        (complete: @escaping @Sendable (Result<String, TestError>) -> Void) in
        complete(.success("done"))
      }
    }.value
    #expect(value == "done")
    let failing = harness.sagas.run("cps failing") { saga in
      try await saga.cps("bad") {
        (complete: @escaping @Sendable (Result<String, TestError>) -> Void) in
        complete(.failure(TestError(message: "callback")))
        complete(.success("ignored second call"))
      }
    }
    await #expect(throws: TestError(message: "callback")) { try await failing.value }
  }

  @Test("cancelling a saga blocked in cps ends it at once and ignores the late callback")
  func cpsCancellation() async throws {
    let harness = Harness()
    let callback = Box<(@Sendable (Result<Int, TestError>) -> Void)?>(nil)
    let task = harness.sagas.run("cps waiter") { saga in
      try await saga.cps("slow") { complete in callback.update { $0 = complete } }
    }
    await callback.wait { $0 != nil }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    callback.value?(.success(1))
  }

  @Test("delay waits on the injected clock")
  func delayUsesClock() async throws {
    let harness = Harness()
    let task = harness.sagas.run("sleeper") { saga in
      try await saga.delay(.seconds(5))
      await saga.put(Add())
    }
    await harness.clock.waitForSleepers(1)
    harness.clock.advance(by: .seconds(4))
    #expect(harness.store.state.count == 0)
    harness.clock.advance(by: .seconds(1))
    try await task.value
    #expect(harness.store.state.count == 1)
  }

  @Test("retry calls again after each failure, waiting between tries, until one succeeds")
  func retrySucceeds() async throws {
    let harness = Harness()
    let attempts = Box(0)
    let task = harness.sagas.run("retrier") { saga in
      try await saga.retry("flaky", maxTries: 3, delay: .seconds(2)) {
        attempts.update { $0 += 1 }
        if attempts.value < 3 { throw TestError() }
        return "ok"
      }
    }
    await harness.clock.waitForSleepers(1)
    #expect(attempts.value == 1)
    harness.clock.advance(by: .seconds(2))
    await attempts.wait { $0 == 2 }
    await harness.clock.waitForSleepers(1)
    harness.clock.advance(by: .seconds(2))
    #expect(try await task.value == "ok")
    #expect(attempts.value == 3)
  }

  @Test("retry throws the last error after maxTries")
  func retryGivesUp() async throws {
    let harness = Harness()
    let attempts = Box(0)
    let task = harness.sagas.run("retrier") { saga in
      try await saga.retry("broken", maxTries: 2, delay: .seconds(1)) { () async throws -> Int in
        attempts.update { $0 += 1 }
        throw TestError(message: "try \(attempts.value)")
      }
    }
    await harness.clock.waitForSleepers(1)
    harness.clock.advance(by: .seconds(1))
    await #expect(throws: TestError(message: "try 2")) { try await task.value }
    #expect(attempts.value == 2)
  }

  @Test("a waiting effect in an already-cancelled saga throws CancellationError without running")
  func effectsCheckCancellation() async throws {
    let harness = Harness()
    let ran = Box(false)
    let task = harness.sagas.run("cancelled") { saga in
      saga.cancel()
      _ = try await saga.call("never") { ran.update { $0 = true } }
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(!ran.value)
  }
}

@Suite("injected clocks")
struct ClockInjectionTests {
  @Test("any Clock<Duration> can drive delays, such as swift-clocks' ImmediateClock")
  func immediateClock() async throws {
    let sagas = SagaMiddleware<TestState>(clock: ImmediateClock())
    let store = Store(
      initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
    try await sagas.run("sleeper") { saga in
      try await saga.delay(.seconds(3600))
      await saga.put(Add(amount: 2))
    }.value
    #expect(store.state.count == 2)
  }
}
