import ReduxCore
import ReduxTesting
import Testing

/// The text of a known issue, for checking what a failure says.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

@MainActor
@Suite("TestStore with a plain reducer")
struct TestStoreReducerTests {
  @Test("send asserts the exact state change")
  func sendPasses() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    await store.send(Increment()) {
      $0.count = 1
      $0.history = [1]
    }
    await store.send(Increment(by: 2)) {
      $0.count = 3
      $0.history.append(3)
    }
    #expect(store.state == Counter(count: 3, history: [1, 3]))
  }

  @Test("a wrong expectation fails with a field-level diff at the step's line")
  func sendMismatch() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    await withKnownIssue {
      await store.send(Increment()) {
        $0.count = 2
        $0.history = [1]
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("State after send(Increment) does not match the expectation")
        && text.contains("-   count: 2,") && text.contains("+   count: 1,")
        && text.contains("history: […]")  // an unchanged field is folded
        && issue.sourceLocation?.fileName == "TestStoreTests.swift"
    }
    // The test store moves on from the real state.
    await store.send(Increment()) {
      $0.count = 2
      $0.history.append(2)
    }
  }

  @Test("a state change the test did not assert fails")
  func unassertedChange() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    await withKnownIssue {
      await store.send(Increment())
    } matching: { issue in
      message(of: issue).contains(
        "State changed after send(Increment), but the test expected no change")
    }
  }

  @Test(
    "an action that changes nothing needs no closure, and an action a middleware drops changes nothing"
  )
  func noChange() async {
    let dropResets = Middleware<Counter> { _, action, next in
      if action is Reset { return }
      next(action)
    }
    let store = TestStore(
      initialState: Counter(count: 5), reducer: counterReducer, middleware: [dropResets])
    await store.send(Reset())
    struct Unhandled: Action {}
    await store.send(Unhandled())
    await store.finish()
  }

  @Test("an action a middleware dispatches is received, with its own state change")
  func receiveFollowUp() async {
    let doubler = Middleware<Counter> { context, action, next in
      next(action)
      if let increment = action.as(Increment.self), increment.by < 10 {
        context.dispatch(Increment(by: increment.by * 10))
      }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [doubler])
    await store.send(Increment()) {
      $0.count = 1
      $0.history = [1]
    }
    let received = await store.receive(Increment.self) {
      $0.count = 11
      $0.history = [1, 11]
    }
    #expect(received == Increment(by: 10))
    await store.finish()
  }

  @Test("an expected action value that differs fails with a diff of the actions")
  func receiveValueMismatch() async {
    let follow = Middleware<Counter> { context, action, next in
      next(action)
      if action is Reset { context.dispatch(Increment(by: 7)) }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [follow])
    await store.send(Reset())
    await withKnownIssue {
      await store.receive(Increment(by: 8)) {
        $0.count = 7
        $0.history = [7]
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("- Increment(by: 8)") && text.contains("+ Increment(by: 7)")
    }
  }

  @Test("sending while a received action is unasserted fails, listing it")
  func sendBeforeReceive() async {
    let follow = Middleware<Counter> { context, action, next in
      next(action)
      if action is Reset { context.dispatch(Increment(by: 7)) }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [follow])
    await store.send(Reset())
    await withKnownIssue {
      await store.send(Reset()) { $0 = Counter() }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("1 received action was not asserted before send(Reset)")
        && text.contains("Increment(by: 7)")
    }
    store.skipReceivedActions()
  }

  @Test("finish fails for each received action left unasserted")
  func finishListsUnreceived() async {
    let follow = Middleware<Counter> { context, action, next in
      next(action)
      if action is Reset {
        context.dispatch(Increment(by: 1))
        context.dispatch(Increment(by: 2))
      }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [follow])
    await store.send(Reset())
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("2 received actions were not asserted at finish()")
        && text.contains("Increment(by: 1)") && text.contains("Increment(by: 2)")
    }
    #expect(store.state.count == 3)
  }

  @Test("the end of the test fails for received actions left unasserted")
  func deinitListsUnreceived() async {
    let follow = Middleware<Counter> { context, action, next in
      next(action)
      if action is Reset { context.dispatch(Increment(by: 4)) }
    }
    await withKnownIssue {
      let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [follow])
      await store.send(Reset())
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("1 received action was not asserted at the end of the test")
        && text.contains("Increment(by: 4)")
    }
  }

  @Test("receiving the wrong type fails, naming both")
  func receiveWrongType() async {
    let follow = Middleware<Counter> { context, action, next in
      next(action)
      if action is Increment { context.dispatch(Reset()) }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [follow])
    await store.send(Increment()) {
      $0.count = 1
      $0.history = [1]
    }
    await withKnownIssue {
      await store.receive(Increment.self)
    } matching: { issue in
      message(of: issue).contains("Expected to receive Increment, but received Reset")
    }
  }

  @Test("receiving when nothing runs fails at once, without waiting for the timeout")
  func receiveWithNothingRunning() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.timeout = .seconds(3600)
    await store.send(Increment()) {
      $0.count = 1
      $0.history = [1]
    }
    await withKnownIssue {
      await store.receive(Increment.self)
    } matching: { issue in
      message(of: issue).contains("no action arrived and no work is running")
    }
  }

  @Test("a predicate picks the received action")
  func receivePredicate() async {
    let follow = Middleware<Counter> { context, action, next in
      next(action)
      if action is Reset { context.dispatch(Increment(by: 3)) }
    }
    let store = TestStore(initialState: Counter(), reducer: counterReducer, middleware: [follow])
    await store.send(Reset())
    let isThree: (any Action) -> Bool = { ($0 as? Increment)?.by == 3 }
    let action = await store.receive(isThree) {
      $0.count = 3
      $0.history = [3]
    }
    #expect(action is Increment)
    await store.finish()
  }

  @Test("a throwing assertion fails the step with its error")
  func throwingAssertion() async {
    struct Unexpected: Error {}
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    await withKnownIssue {
      await store.send(Increment()) { _ in throw Unexpected() }
    } matching: { issue in
      message(of: issue).contains("The assertion of send(Increment) threw: Unexpected()")
    }
  }

  @Test("a wrapped store is checked from the state it has when wrapped")
  func wrapsStore() async {
    let plain = Store(initialState: Counter(), reducer: counterReducer)
    plain.dispatch(Increment())
    let store = TestStore(plain)
    #expect(store.state.count == 1)
    await store.send(Increment()) {
      $0.count = 2
      $0.history.append(2)
    }
  }
}

@MainActor
@Suite("TestStore, non-exhaustive")
struct TestStoreNonExhaustiveTests {
  @Test("checks only the fields the test sets, and skips other received actions")
  func partial() async {
    let follow = Middleware<Counter> { context, action, next in
      next(action)
      if action is Reset {
        context.dispatch(Increment(by: 1))
        context.dispatch(Increment(by: 2))
        context.dispatch(Increment(by: 3))
      }
    }
    let store = TestStore(
      initialState: Counter(count: 9), reducer: counterReducer, middleware: [follow])
    store.exhaustivity = .off
    await store.send(Increment())  // changed count and history: not asserted, not a failure
    await store.send(Reset()) { $0.count = 0 }
    await store.receive({ ($0 as? Increment)?.by == 2 }, assert: { $0.count = 3 })
    await store.finish()  // Increment(by: 3) was never received: fine when not exhaustive
    #expect(store.state.count == 6)
  }

  @Test("a field set to a wrong value still fails")
  func wrongField() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(Increment()) { $0.count = 5 }
    } matching: { issue in
      message(of: issue).contains("+   count: 1,")
    }
  }
}
