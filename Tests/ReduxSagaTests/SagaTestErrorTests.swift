import ReduxCore
import ReduxSaga
import Testing

/// What a thrown error says, as a known issue records it.
private func text(of issue: Issue) -> String {
  issue.error.map { "\($0)" } ?? ""
}

@Suite("SagaTestError", .timeLimit(.minutes(1)))
struct SagaTestErrorTests {
  @Test("actionNotTaken names the sagas that were waiting, for what, and the timeout to raise")
  func actionNotTaken() async throws {
    let test = SagaTest<TestState, Void>(
      { saga in
        saga.takeLatest(.type(Request.self)) { _, _ in }
        while true { _ = try await saga.take(Stop.self) }
      }, state: TestState()
    )
    .timeout(.milliseconds(50))
    .dispatch(Ping(id: 1))
    await #expect(
      throws: SagaTestError.actionNotTaken(
        "\(Ping(id: 1))",
        waiting: ["test > takeLatest(Request) waits for Request", "test waits for Stop"],
        timeout: .milliseconds(50))
    ) { try await test.run() }
    try await withKnownIssue {
      _ = try await test.run()
    } matching: { issue in
      text(of: issue) == """
        No saga took the scripted action \(Ping(id: 1)) within 0.05 seconds. Waiting for other \
        actions:
          - test > takeLatest(Request) waits for Request
          - test waits for Stop

        Script the actions in the order the saga takes them. If the saga does slow real work \
        before this take, raise the limit with `.timeout(_:)`.
        """
    }
  }

  @Test("actionNotTaken after the saga finished says that no saga waited")
  func actionNotTakenAfterEnd() async throws {
    let test = SagaTest<TestState, Void>({ _ in }, state: TestState()).dispatch(Ping())
    try await withKnownIssue {
      _ = try await test.run()
    } matching: { issue in
      text(of: issue).contains(
        "within 1.0 seconds. No saga waited for an action: the saga had finished, or it waits on"
          + " something else")
    }
  }

  @Test("a saga left waiting for an action the script never dispatched fails the run")
  func waitingAtEnd() async throws {
    let test = SagaTest<TestState, Void>(
      { saga in
        _ = try await saga.take(Request.self)
        _ = try await saga.take(Stop.self)
        await saga.put(Add())
      }, state: TestState(), reducer: testReducer
    )
    .dispatch(Request())
    await #expect(throws: SagaTestError.waitingAtEnd(["test waits for Stop"])) {
      try await test.run()
    }
    try await withKnownIssue {
      _ = try await test.run()
    } matching: { issue in
      text(of: issue) == """
        The script ended while sagas waited for actions they never took in this run; END ended \
        these waits:
          - test waits for Stop

        Script the actions they wait for with `.dispatch(_:)`, or, when the test means to leave \
        them waiting, call `.allowWaitingAtEnd()`.
        """
    }
    let result = try await test.dispatch(Stop()).run()
    #expect(result.state.count == 1)
  }

  @Test("a take helper that took no action fails the run unless the test allows it")
  func helperWaitingAtEnd() async throws {
    let test = SagaTest<TestState, Void>(
      { saga in
        saga.takeEvery(.type(Request.self)) { worker, request in
          await worker.put(Response(id: request.id))
        }
        saga.takeLeading(.type(Ping.self)) { _, _ in }
      }, state: TestState(), reducer: testReducer
    )
    .dispatch(Request(id: 1))
    await #expect(throws: SagaTestError.waitingAtEnd(["test > takeLeading(Ping) waits for Ping"])) {
      try await test.run()
    }
    let result = try await test.allowWaitingAtEnd().run()
    #expect(
      result.waitingAtEnd == [
        "test > takeEvery(Request) waits for Request", "test > takeLeading(Ping) waits for Ping",
      ])
    #expect(result.state.log == ["response 1"])
  }

  @Test("a saga that returns a value, ended by END in a take, reports the wait")
  func valueSagaWaitingAtEnd() async throws {
    let test = SagaTest(
      { saga in
        let request = try await saga.take(Request.self)
        _ = try await saga.take(where: { $0 is Stop })
        return request.id
      }, state: TestState()
    )
    .dispatch(Request(id: 3))
    await #expect(
      throws: SagaTestError.waitingAtEnd(["test waits for an action its predicate accepts"])
    ) { try await test.run() }
    await #expect(throws: ChannelError.closed) { try await test.allowWaitingAtEnd().run() }
  }

  @Test("stubNotCalled and stubTypeMismatch say what to change")
  func stubMessages() {
    #expect(
      "\(SagaTestError.stubNotCalled("fetchUsr", calls: ["fetchUser"]))"
        == "The stub \"fetchUsr\" replaced no call; the saga made these calls: fetchUser.")
    #expect(
      "\(SagaTestError.stubNotCalled("fetchUsr", calls: []))"
        == "The stub \"fetchUsr\" replaced no call; the saga made no call.")
    #expect(
      "\(SagaTestError.stubTypeMismatch(call: "load", expected: "Int", got: "String"))"
        == "The stub of \"load\" does not fit the call: expected Int, got String.")
  }
}
