import ReduxCore
import ReduxSaga
import Testing

@Suite("SagaTestResult")
struct SagaTestResultTests {
  @Test("the result holds the value the saga returned")
  func value() async throws {
    let result = try await SagaTest(
      { saga in try await saga.take(Request.self).id * 2 }, state: TestState()
    )
    .dispatch(Request(id: 21))
    .run()
    #expect(result.value == 42)
  }

  @Test("every call is listed in order with its argument, stubbed or not")
  func calls() async throws {
    let saga: @Sendable (SagaContext<TestState>) async throws -> Void = { saga in
      while true {
        let request = try await saga.take(Request.self)
        _ = try await saga.call("fetchUser", with: request.id) { $0 }
        _ = try await saga.call("audit") { "real" }
      }
    }
    let result = try await SagaTest(saga, state: TestState())
      .provide(call: "fetchUser") { (id: Int) async throws -> Int in id }
      .dispatch(Request(id: 1))
      .dispatch(Request(id: 2))
      .run()
    #expect(
      result.calls.map(\.description) == ["fetchUser(1)", "audit()", "fetchUser(2)", "audit()"])
    #expect(result.arguments(of: "fetchUser", as: Int.self) == [1, 2])
    #expect(result.arguments(of: "fetchUser", as: String.self).isEmpty)
    #expect(result.calls[1].argument(as: Void.self) != nil)
  }

  @Test("each try of a retry is a call of its own")
  func retries() async throws {
    let tries = StringLog()
    let result = try await SagaTest(
      { saga in try await saga.retry("flaky", maxTries: 3, delay: .seconds(1)) { 0 } },
      state: TestState()
    )
    .provide(call: "flaky") { () async throws -> Int in
      tries.append("try")
      if tries.values.count < 3 { throw TestError() }
      return 7
    }
    .run()
    #expect(result.value == 7)
    #expect(result.calls.map(\.description) == ["flaky()", "flaky()", "flaky()"])
  }

  @Test("a loop back at its take when the script ends passes, and is listed")
  func loopAtEnd() async throws {
    let result = try await SagaTest(
      { saga in
        while true { await saga.put(Response(id: try await saga.take(Request.self).id)) }
      }, state: TestState(), reducer: testReducer
    )
    .dispatch(Request(id: 1))
    .run()
    #expect(result.waitingAtEnd == ["test waits for Request"])
    #expect(result.state.log == ["response 1"])
  }
}
