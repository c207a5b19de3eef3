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

@MainActor
@Suite("TestStore.receive by child action type and element id")
struct TestStoreReceiveAtElementTests {
  struct Item: Identifiable, Equatable, Sendable {
    let id: Int
    var ticks = 0
  }
  struct Board: Equatable, Sendable { var items = [Item(id: 1), Item(id: 2)] }
  /// Not `Equatable`: receiving it by value is impossible, by type and id is not.
  struct Tick: Action {}
  struct Start: Action {}

  static let item = Reducer<Item>.on(Tick.self) { item, _ in item.ticks += 1 }
  static let board = Reducer<Board>.empty.forEach(\.items, element: item)

  /// A board whose `Start` makes item 2 tick, as a row's work would.
  func makeStore() -> TestStore<Board> {
    TestStore(
      initialState: Board(), reducer: Self.board,
      middleware: [
        Middleware { context, action, next in
          next(action)
          if action is Start { context.dispatch(ElementAction<Item>(id: 2, action: Tick())) }
        }
      ])
  }

  @Test("receives a child action that is not Equatable by its type and its element's id")
  func receivesByTypeAndID() async {
    let store = makeStore()
    await store.send(Start())
    let tick = await store.receive(Tick.self, at: 2) { $0.items[1].ticks = 1 }
    #expect(tick != nil)
    await store.finish()
  }

  @Test("an action for another element fails the step, naming the type and the id waited for")
  func otherElementFails() async {
    let store = makeStore()
    store.timeout = .milliseconds(200)
    await store.send(Start())
    await withKnownIssue {
      await store.receive(Tick.self, at: 1) { $0.items[0].ticks = 1 }
    } matching: { issue in
      let message = message(of: issue)
      return message.contains("TestStoreReceiveAtElementTests.Tick at 1")
        && message.contains("action: TestStoreReceiveAtElementTests.Tick()")
        && !message.contains("ActionBox")
    }
    store.skipReceivedActions(strict: false)
    await store.finish()
  }
}
