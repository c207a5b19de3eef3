import ReduxCore
import ReduxTesting
import Testing

@MainActor
@Suite("TestStore.receive")
struct TestStoreReceiveTests {
  @Test("the closure starts from the state before the received action, and store.state too")
  func closureSeesStateBefore() async {
    let store = TestStore(
      initialState: Counter(count: 1), reducer: counterReducer,
      middleware: [dispatching([Increment(by: 2)], after: Reset.self)])
    await store.send(Reset()) { $0 = Counter() }
    var seen: [Counter] = []
    await store.receive(Increment.self) {
      seen += [$0, store.state]
      $0.count = 2
      $0.history = [2]
    }
    #expect(seen == [Counter(), Counter()])
    #expect(store.state == Counter(count: 2, history: [2]))
  }

  @Test("a closure for a received action that changed nothing fails, saying so")
  func closureWithoutChange() async {
    struct Noop: Action {}
    let store = TestStore(
      initialState: Counter(count: 1), reducer: counterReducer,
      middleware: [dispatching([Noop()], after: Reset.self)])
    await store.send(Reset()) { $0 = Counter() }
    await withKnownIssue {
      await store.receive(Noop.self) { $0.count = 0 }
    } matching: { issue in
      message(of: issue).hasPrefix(
        "Expected the state to change after receive(TestStoreReceiveTests.Noop), but it did not change"
      )
    }
  }

  @Test("skipReceivedActions skips what was received, and by default fails when there is none")
  func skipReceivedActions() async {
    let store = TestStore(
      initialState: Counter(), reducer: counterReducer,
      middleware: [dispatching([Increment(by: 1), Increment(by: 2)], after: Reset.self)])
    withKnownIssue {
      store.skipReceivedActions()
    } matching: { issue in
      message(of: issue).hasPrefix("skipReceivedActions() found no received actions to skip")
    }
    store.skipReceivedActions(strict: false)
    await store.send(Reset())
    store.skipReceivedActions()
    #expect(store.state == Counter(count: 3, history: [1, 3]))
    await store.finish()
  }
}

@MainActor
@Suite("TestStore.receive, non-exhaustive")
struct TestStoreNonExhaustiveReceiveTests {
  func makeStore() -> TestStore<Counter> {
    let store = TestStore(
      initialState: Counter(), reducer: counterReducer,
      middleware: [dispatching([Increment(by: 1), Increment(by: 2)], after: Reset.self)])
    store.exhaustivity = .off
    return store
  }

  @Test("a receive that matches nothing fails and skips none of the received actions")
  func noMatchConsumesNothing() async {
    let store = makeStore()
    await store.send(Reset())
    await withKnownIssue {
      await store.receive(Reset.self)
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix("Expected to receive Reset, but none of the received actions matched")
        && text.contains("  - Increment(by: 1)\n  - Increment(by: 2)")
    }
    await store.receive(Increment(by: 1)) { $0.count = 1 }
    await store.receive(Increment(by: 2)) { $0.count = 3 }
  }

  @Test("a receive by value skips the received actions before the equal one")
  func byValueSkipsToEqual() async {
    let store = makeStore()
    await store.send(Reset())
    await store.receive(Increment(by: 2)) { $0.history = [1, 3] }
    #expect(store.state == Counter(count: 3, history: [1, 3]))
    store.exhaustivity = .on
    await store.finish()  // Increment(by: 1) was skipped, not left unasserted
  }
}
