import ReduxCore
import ReduxSeam
import Testing

@Suite("Store")
struct StoreTests {
  @Test("dispatch on an idle store has reduced the action when it returns")
  func dispatchReduces() {
    let store = makeCounterStore()
    store.dispatch(Increment())
    store.dispatch(Add(amount: 5))
    #expect(store.state.count == 6)
  }

  @Test("actions that no reducer handles leave the state unchanged")
  func unhandledAction() {
    let store = makeCounterStore()
    store.dispatch(Noop())
    #expect(store.state == Counter())
  }

  @Test("8 tasks dispatching 10,000 actions each: exactly 80,000, subscribers see ascending values")
  func concurrentDispatch() async {
    let store = makeCounterStore()
    let seen = Recorder<Int>()
    let selected = Recorder<Int>()
    let full = store.subscribe { seen.append($0.count) }
    let select = store.subscribe(select: \.count) { selected.append($0) }

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<10_000 { store.dispatch(Increment()) }
        }
      }
    }

    #expect(store.state.count == 80_000)
    for values in [seen.values, selected.values] {
      #expect(values.first == 0)
      #expect(values.last == 80_000)
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    }
    // The full-state subscriber sees every committed state exactly once.
    #expect(seen.values.count == 80_001)
    #expect(seen.values.elementsEqual(0...80_000))
    full.cancel()
    select.cancel()
  }

  @Test("concurrent dispatches from several tasks are each reduced exactly once, in FIFO per task")
  func concurrentOrderPerTask() async {
    let store = Store(initialState: Log(), reducer: logReducer)
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for index in 0..<1_000 { store.dispatch(Logged(tag: "\(task)-\(index)")) }
        }
      }
    }
    let entries = store.state.entries
    #expect(entries.count == 4_000)
    for task in 0..<4 {
      let mine = entries.filter { $0.hasPrefix("\(task)-") }
      #expect(mine == (0..<1_000).map { "\(task)-\($0)" })
    }
  }

  @Test("a subscriber that dispatches on each notification: FIFO, never re-entered, nothing lost")
  func subscriberDispatches() {
    let store = Store(initialState: Log(), reducer: logReducer)
    let depth = Recorder<Int>()
    let inside = Lock(0)
    let subscription = store.subscribe { log in
      let level = inside.withLock { level in
        level += 1
        return level
      }
      depth.append(level)
      // Each notification for an entry "n" dispatches "n.a" then "n.b", up to a depth of two.
      if let last = log.entries.last, last.count(where: { $0 == "." }) < 2 {
        store.dispatch(Logged(tag: last + ".a"))
        store.dispatch(Logged(tag: last + ".b"))
      }
      inside.withLock { $0 -= 1 }
    }
    store.dispatch(Logged(tag: "1"))
    store.dispatch(Logged(tag: "2"))

    #expect(
      store.state.entries == [
        "1", "1.a", "1.b", "1.a.a", "1.a.b", "1.b.a", "1.b.b",
        "2", "2.a", "2.b", "2.a.a", "2.a.b", "2.b.a", "2.b.b",
      ])
    #expect(depth.values.allSatisfy { $0 == 1 })
    #expect(depth.values.count == 15)  // the first value, then one per reduced action
    subscription.cancel()
  }

  @Test("releasing the store releases its middleware, subscribers and their captures")
  func releaseFreesEverything() {
    weak var weakStore: Store<Counter>?
    weak var middlewareProbe: Probe?
    weak var subscriberProbe: Probe?
    var tokens = Set<Subscription>()
    do {
      let probeA = Probe()
      let probeB = Probe()
      middlewareProbe = probeA
      subscriberProbe = probeB
      let store = makeCounterStore(middleware: [
        Middleware { _, action, next in
          _ = probeA
          next(action)
        }
      ])
      store.subscribe { _ in _ = probeB }.store(in: &tokens)
      store.subscribe(select: \.count) { _ in _ = probeB }.store(in: &tokens)
      store.dispatch(Increment())
      weakStore = store
    }
    // The tokens are still held: they must keep neither the store nor the subscribers alive.
    #expect(weakStore == nil)
    #expect(middlewareProbe == nil)
    #expect(subscriberProbe == nil)
    for token in tokens { token.cancel() }  // cancelling after release is harmless
  }

  // MARK: replaceReducer

  @Test("replaceReducer keeps the state and reduces the next action with the new reducer")
  func replaceReducerKeepsState() {
    let store = makeCounterStore()
    let seen = Recorder<Int>()
    let subscription = store.subscribe(select: \.count) { seen.append($0) }
    store.dispatch(Add(amount: 5))
    store.replaceReducer(.on(Increment.self) { state, _ in state.count *= 10 })
    #expect(store.state.count == 5)
    store.dispatch(Increment())
    store.dispatch(Add(amount: 1))  // the old reducer's action: no longer handled
    #expect(store.state.count == 50)
    #expect(seen.values == [0, 5, 50])
    subscription.cancel()
  }

  @Test("an action queued before replaceReducer is reduced with the new reducer")
  func replaceReducerAppliesToQueuedActions() {
    let store = Store(initialState: Log(), reducer: logReducer)
    let replacement = Reducer<Log>.on(Logged.self) { state, action in
      state.entries.append("new " + action.tag)
    }
    let subscription = store.subscribe { state in
      guard state.entries == ["a"] else { return }
      store.dispatch(Logged(tag: "b"))  // queued behind this notification
      store.replaceReducer(replacement)
    }
    store.dispatch(Logged(tag: "a"))
    #expect(store.state.entries == ["a", "new b"])
    subscription.cancel()
  }

  @Test("replaced while 4 tasks dispatch: each action reduced once, never by the old one after")
  func replaceReducerUnderConcurrentDispatch() async {
    struct Tally: Sendable {
      var old = 0
      var new = 0
      var oldAfterNew = false
    }
    let oldReducer = Reducer<Tally>.on(Increment.self) { state, _ in
      if state.new > 0 { state.oldAfterNew = true }
      state.old += 1
    }
    let newReducer = Reducer<Tally>.on(Increment.self) { state, _ in state.new += 1 }
    let store = Store(initialState: Tally(), reducer: oldReducer)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<5_000 { store.dispatch(Increment()) } }
      }
      group.addTask { store.replaceReducer(newReducer) }
    }
    store.dispatch(Increment())  // after replaceReducer returned: the new reducer
    let tally = store.state
    #expect(tally.old + tally.new == 20_001)
    #expect(tally.new >= 1)
    #expect(!tally.oldAfterNew)
  }
}

/// A reducer that reaches its own store would wait for the lock its store holds; each case must
/// stop the process with the message that names the rule, never hang. These are exit tests: each
/// body runs in a child process.
@Suite("Store: a reducer that uses its own store")
struct StoreReducerMisuseTests {
  @Test("reading store.state from the reducer stops with the rule")
  func readsState() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = makeMisusedStore { store in _ = store.state.count }
      store.dispatch(Increment())
    }
    expectTheReducerRule(in: result)
  }

  @Test("dispatching through a captured store from the reducer stops with the rule")
  func dispatches() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = makeMisusedStore { store in store.dispatch(Noop()) }
      store.dispatch(Increment())
    }
    expectTheReducerRule(in: result)
  }

  @Test("dispatching from the reducer of a store with a subscriber and middleware stops")
  func dispatchesThroughMiddleware() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = makeMisusedStore(middleware: [Middleware { _, action, next in next(action) }]) {
        store in store.dispatch(Noop())
      }
      let token = store.subscribe { _ in }
      store.dispatch(Increment())
      token.cancel()
    }
    expectTheReducerRule(in: result)
  }

  @Test("subscribing from the reducer stops with the rule")
  func subscribes() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = makeMisusedStore { store in _ = store.subscribe { _ in } }
      store.dispatch(Increment())
    }
    expectTheReducerRule(in: result)
  }

  @Test("cancelling a subscription from the reducer stops with the rule")
  func cancels() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let tokens = Recorder<Subscription>()
      let store = makeMisusedStore { _ in
        for token in tokens.values { token.cancel() }
      }
      tokens.append(store.subscribe { _ in })
      store.dispatch(Increment())
    }
    expectTheReducerRule(in: result)
  }

  @Test("a state value whose deinit releases a subscription stops the reducer that drops it")
  func deinitCancels() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let store = Store(initialState: Holding(), reducer: holdingReducer)
      store.dispatch(Hold(holder: TokenHolder(store.subscribe { _ in })))
      // The reducer drops the holder: its deinit releases the token inside the reducer.
      store.dispatch(Hold(holder: nil))
    }
    expectTheReducerRule(in: result)
  }
}

/// Checks that a child process stopped with the message that names the reducer rule.
private func expectTheReducerRule(
  in result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let result else { return }
  let output = String(decoding: result.standardErrorContent, as: UTF8.self)
  #expect(
    output.contains("Reducers are pure; dispatch from a middleware, a subscriber or an effect"),
    "stderr: \(output)", sourceLocation: sourceLocation)
}
