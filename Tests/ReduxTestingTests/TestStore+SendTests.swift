import ReduxCore
import ReduxTesting
import Testing

@MainActor
@Suite("TestStore.send")
struct TestStoreSendTests {
  @Test("the closure starts from the state before the action, and store.state reads it too")
  func closureSeesStateBefore() async {
    let start = Counter(count: 2, history: [2])
    let store = TestStore(initialState: start, reducer: counterReducer)
    var seen: [Counter] = []
    await store.send(Increment()) {
      seen += [$0, store.state]
      $0.count = 3
      $0.history.append(3)
    }
    #expect(seen == [start, start])
    #expect(store.state == Counter(count: 3, history: [2, 3]))
  }

  @Test("a closure for an action that changed nothing fails, saying a change was expected")
  func closureWithoutChange() async {
    struct Unhandled: Action {}
    let store = TestStore(initialState: Counter(count: 5), reducer: counterReducer)
    await withKnownIssue {
      await store.send(Unhandled()) { $0.count = 5 }
    } matching: { issue in
      message(of: issue).hasPrefix(
        "Expected the state to change after send(TestStoreSendTests.Unhandled), but it did not change"
      )
    }
    // The same step without the closure passes.
    await store.send(Unhandled())
  }

  @Test("a closure that describes a change that did not happen fails with a diff")
  func closureWithWrongChange() async {
    struct Unhandled: Action {}
    let store = TestStore(initialState: Counter(count: 5), reducer: counterReducer)
    await withKnownIssue {
      await store.send(Unhandled()) { $0.count = 6 }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains(
        "State after send(TestStoreSendTests.Unhandled) does not match the expectation")
        && text.contains("-   count: 6,") && text.contains("+   count: 5,")
    }
  }

  @Test("a failing exhaustive send keeps the unasserted received actions for a later receive")
  func failingSendKeepsReceivedActions() async {
    let store = TestStore(
      initialState: Counter(count: 1), reducer: counterReducer,
      middleware: [dispatching([Increment(by: 7)], after: Reset.self)])
    await store.send(Reset()) { $0 = Counter() }
    await withKnownIssue {
      // The closure starts from the state the action was applied to: after Increment(by: 7).
      await store.send(Increment()) {
        $0.count = 8
        $0.history = [7, 8]
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("1 received action was not asserted before send(Increment)")
        && text.contains("Increment(by: 7)")
    }
    await store.receive(Increment(by: 7)) {
      $0.count = 7
      $0.history = [7]
    }
    await store.finish()
    #expect(store.state == Counter(count: 8, history: [7, 8]))
  }

  @Test("a non-exhaustive send skips the received actions before it, without failing")
  func nonExhaustiveSendSkips() async {
    let store = TestStore(
      initialState: Counter(count: 1), reducer: counterReducer,
      middleware: [dispatching([Increment(by: 7)], after: Reset.self)])
    store.exhaustivity = .off
    await store.send(Reset())
    await store.send(Increment()) { $0.count = 8 }
    #expect(store.state == Counter(count: 8, history: [7, 8]))
    store.exhaustivity = .on
    await store.finish()  // nothing is left unasserted
  }

  @Test("withExhaustivity(.off) checks loosely inside its scope only")
  func exhaustivityScope() async {
    let store = TestStore(
      initialState: Counter(count: 1), reducer: counterReducer,
      middleware: [dispatching([Increment(by: 7)], after: Reset.self)])
    await store.withExhaustivity(.off) {
      #expect(store.exhaustivity == .off)
      await store.send(Reset())
      await store.send(Increment()) { $0.count = 8 }
    }
    #expect(store.exhaustivity == .on)
    // Exhaustive again: a change the closure leaves out fails.
    await withKnownIssue {
      await store.send(Increment()) { $0.count = 9 }
    } matching: { issue in
      message(of: issue).contains("does not match the expectation")
    }
  }
}

@MainActor
@Suite("TestStore.assert")
struct TestStoreAssertTests {
  @Test("passes when the fields the closure sets hold those values, without an action")
  func passes() async {
    let store = TestStore(
      initialState: Counter(), reducer: counterReducer,
      middleware: [dispatching([Increment(by: 2)], after: Reset.self)])
    await store.send(Reset())
    store.skipReceivedActions()
    store.assert {
      $0.count = 2
      $0.history = [2]
    }
    store.assert { _ in }  // a closure that changes nothing asks for no change
  }

  @Test("fails with a diff when a field holds another value")
  func fails() async {
    let store = TestStore(initialState: Counter(count: 4), reducer: counterReducer)
    withKnownIssue {
      store.assert { $0.count = 5 }
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("State does not match the expectation of assert")
        && text.contains("-   count: 5,") && text.contains("+   count: 4,")
    }
  }
}
