import ReduxCommand
import ReduxCore
import ReduxSaga
import Testing

/// The FetchUser flow of the original: take a request, call a fetch that can fail, put the
/// outcome.
@Sendable
private func fetchUserSaga(_ saga: SagaContext<TestState>) async throws {
  while true {
    let request = try await saga.take(Request.self)
    do {
      let id = try await saga.call("fetchUser", with: request.id) { id -> Int in
        Issue.record("the real fetch must not run in this test")
        return id
      }
      await saga.put(Response(id: id))
    } catch {
      await saga.put(Failed(message: "\(error)"))
    }
  }
}

@Suite("SagaTest")
struct SagaTestTests {
  @Test("a stub function gets the call's argument; puts and the final state are reported in order")
  func stubByFunction() async throws {
    let result = try await SagaTest(fetchUserSaga, state: TestState(), reducer: testReducer)
      .provide(call: "fetchUser") { (id: Int) async throws -> Int in id * 10 }
      .dispatch(Request(id: 1))
      .dispatch(Request(id: 2))
      .run()
    #expect(result.puts(of: Response.self) == [Response(id: 10), Response(id: 20)])
    #expect(result.puts.count == 2)
    #expect(result.state.log == ["response 10", "response 20"])
  }

  @Test("a call can be stubbed by value, or to throw")
  func stubByValueOrError() async throws {
    let success = try await SagaTest(fetchUserSaga, state: TestState(), reducer: testReducer)
      .provide(call: "fetchUser", returning: 7)
      .dispatch(Request(id: 1))
      .run()
    #expect(success.puts(of: Response.self) == [Response(id: 7)])

    let failure = try await SagaTest(fetchUserSaga, state: TestState(), reducer: testReducer)
      .provide(call: "fetchUser", throwing: TestError(message: "offline"))
      .dispatch(Request(id: 1))
      .run()
    #expect(failure.puts(of: Failed.self).map(\.message) == ["\(TestError(message: "offline"))"])
    #expect(failure.state.log.count == 1)
  }

  @Test("a stub whose type does not fit the call makes the call throw a typed error")
  func stubTypeMismatch() async throws {
    let result = try await SagaTest(fetchUserSaga, state: TestState(), reducer: testReducer)
      .provide(call: "fetchUser", returning: "not an Int")
      .dispatch(Request(id: 1))
      .run()
    let message = try #require(result.puts(of: Failed.self).first?.message)
    #expect(message == "The stub of \"fetchUser\" does not fit the call: expected Int, got String.")
  }

  @Test("a scripted action that no saga takes is an error")
  func actionNotTaken() async throws {
    let test = SagaTest<TestState, Void>(
      { saga in _ = try await saga.take(Request.self) }, state: TestState()
    )
    .dispatch(Request(id: 1))
    .dispatch(Request(id: 2))
    await #expect(
      throws: SagaTestError.actionNotTaken("\(Request(id: 2))", waiting: [], timeout: .seconds(1))
    ) {
      try await test.run()
    }
  }

  @Test("the saga's error is thrown by run")
  func sagaErrorIsThrown() async throws {
    let test = SagaTest<TestState, Void>(
      { _ in throw TestError(message: "saga") }, state: TestState())
    await #expect(throws: TestError(message: "saga")) { try await test.run() }
  }

  @Test("delays end at once by default, so timed helpers run deterministically")
  func delaysAreInstant() async throws {
    let result = try await SagaTest<TestState, Void>(
      { saga in
        _ = saga.debounce(.type(Request.self), for: .seconds(1)) { worker, request in
          await worker.put(Response(id: request.id))
        }
        try await saga.delay(.seconds(3600))
        await saga.put(Add())
      }, state: TestState(), reducer: testReducer
    )
    .dispatch(Request(id: 4))
    .run()
    #expect(result.puts(of: Response.self) == [Response(id: 4)])
    #expect(result.state.count == 1)
  }

  @Test(
    "a scripted action that a looping saga never takes throws instead of hanging",
    .timeLimit(.minutes(1)))
  func actionNotTakenByLoop() async throws {
    let test = SagaTest<TestState, Void>(
      { saga in
        while true { _ = try await saga.take(Request.self) }
      }, state: TestState()
    )
    .dispatch(Request(id: 1))
    .dispatch(Ping(id: 2))
    await #expect(
      throws: SagaTestError.actionNotTaken(
        "\(Ping(id: 2))", waiting: ["test waits for Request"], timeout: .seconds(1))
    ) {
      try await test.run()
    }
  }

  @Test("the take timeout can be set, and a saga that takes in time is not affected by it")
  func takeTimeout() async throws {
    let taken = StringLog()
    let looping: @Sendable (SagaContext<TestState>) async throws -> Void = { saga in
      while true { taken.append("\(try await saga.take(Request.self).id)") }
    }
    _ = try await SagaTest(looping, state: TestState())
      .timeout(.milliseconds(50))
      .dispatch(Request(id: 1))
      .dispatch(Request(id: 2))
      .run()
    #expect(taken.values == ["1", "2"])
    await #expect(
      throws: SagaTestError.actionNotTaken(
        "\(Stop())", waiting: ["test waits for Request"], timeout: .milliseconds(50))
    ) {
      try await SagaTest(looping, state: TestState()).timeout(.milliseconds(50))
        .dispatch(Stop()).run()
    }
  }

  @Test("a stub whose name matches no call fails the run, naming the calls the saga made")
  func stubNotCalled() async throws {
    let saga: @Sendable (SagaContext<TestState>) async throws -> Void = { saga in
      let request = try await saga.take(Request.self)
      _ = try await saga.call("fetchUser", with: request.id) { $0 }
      _ = try await saga.call("audit") { "ok" }
    }
    let test = SagaTest(saga, state: TestState(), reducer: testReducer)
      .provide(call: "fetchUsr", returning: 7)
      .dispatch(Request(id: 1))
    await #expect(throws: SagaTestError.stubNotCalled("fetchUsr", calls: ["fetchUser", "audit"])) {
      try await test.run()
    }
  }

  @Test("middleware given to the test sees each action before the saga")
  func middleware() async throws {
    let seen = StringLog()
    let rewrite = Middleware<TestState> { _, action, next in
      seen.append("\(type(of: action))")
      if let request = action.as(Request.self) {
        next(Request(id: request.id * 100))
      } else {
        next(action)
      }
    }
    let result = try await SagaTest(
      fetchUserSaga, state: TestState(), reducer: testReducer, middleware: [rewrite]
    )
    .provide(call: "fetchUser") { (id: Int) async throws -> Int in id }
    .dispatch(Request(id: 3))
    .run()
    #expect(result.puts(of: Response.self) == [Response(id: 300)])
    // END is scripted once the saga has taken the request, so it may overtake the put.
    #expect(seen.values.filter { $0 != "END" } == ["Request", "Response"])
  }

  @Test("a saga can be tested on a store you build, such as a command reducer's")
  func customStore() async throws {
    let reducer = CommandReducer<TestState>
      .on(Response.self) { state, response in
        state.log.append("response \(response.id)")
        return .action(Add(amount: response.id))
      }
      .on(Add.self) { state, add in
        state.count += add.amount
        return .none
      }
    let result = try await SagaTest(fetchUserSaga) { sagas in
      Store(initialState: TestState(), commandReducer: reducer, middleware: [sagas])
    }
    .provide(call: "fetchUser", returning: 5)
    .dispatch(Request(id: 1))
    .run()
    #expect(result.state == TestState(count: 5, log: ["response 5"]))
  }

  @Test("what the saga did not put can be asserted")
  func didNotPut() async throws {
    let result = try await SagaTest(fetchUserSaga, state: TestState(), reducer: testReducer)
      .provide(call: "fetchUser", returning: 10)
      .dispatch(Request(id: 1))
      .run()
    #expect(!result.didPut(Failed.self))
    #expect(result.didPut(Response.self))
    #expect(result.didPut(Response(id: 10)))
    #expect(!result.didPut(Response(id: 11)))
  }
}
