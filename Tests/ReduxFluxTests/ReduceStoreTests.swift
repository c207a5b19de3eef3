import ReduxCore
import ReduxFlux
import ReduxSeam
import Testing

@Suite("ReduceStore")
struct ReduceStoreTests {
  @Test("reduces each action type with its own reducer")
  func reduces() throws {
    let dispatcher = Dispatcher()
    let store = ReduceStore(initialState: [String](), dispatcher: dispatcher)
      .reduce(CreateTodo.self) { todos, result in
        if case .success(let title) = result { todos.append(title) }
      }
      .reduce(Increment.self) { todos, result in
        todos.append("+\(try result.get())")
      }

    try dispatcher.dispatch(CreateTodo(title: "Milk"), payload: "Milk")
    try dispatcher.dispatch(CreateTodo(title: ""), error: .emptyTitle)
    try dispatcher.dispatch(Increment(amount: 2), payload: 2)
    try dispatcher.dispatch(Ping())

    #expect(store.state == ["Milk", "+2"])
  }

  @Test("emits a change only when the new state differs from the old")
  func changeOnlyWhenDifferent() throws {
    let dispatcher = Dispatcher()
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, result in count += try result.get() }
    let changes = Log<Int>()
    store.onChange { changes.append(store.state) }

    try dispatcher.dispatch(Increment(amount: 2), payload: 2)
    try dispatcher.dispatch(Increment(amount: 0), payload: 0)
    try dispatcher.dispatch(Increment(amount: 1), payload: 1)

    #expect(changes.all == [2, 3])
  }

  @Test("emits one change for a dispatch that several reducers changed")
  func oneChangeForSeveralReducers() throws {
    let dispatcher = Dispatcher()
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, _ in count += 1 }
      .reduce(Increment.self) { count, _ in count += 1 }
    let changes = Log<Int>()
    store.onChange { changes.append(store.state) }

    try dispatcher.dispatch(Increment(), payload: 1)

    #expect(changes.all == [2])
  }

  @Test("emits nothing when the reducers of a dispatch change the state and change it back")
  func changedBack() throws {
    let dispatcher = Dispatcher()
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, _ in count += 1 }
      .reduce(Increment.self) { count, _ in count -= 1 }
    let changes = Log<Int>()
    store.onChange { changes.append(store.state) }

    try dispatcher.dispatch(Increment(), payload: 1)

    #expect(changes.all.isEmpty)
    #expect(store.state == 0)
  }

  @Test("keeps the state from before the dispatch when a reducer throws")
  func throwingReducer() throws {
    let dispatcher = Dispatcher()
    let store = ReduceStore(initialState: 10, dispatcher: dispatcher)
      .reduce(Increment.self) { count, result in count += try result.get() }
      .reduce(Increment.self) { count, result in
        count += try result.get()
        throw Boom()
      }
    let changes = Log<Int>()
    store.onChange { changes.append(store.state) }

    let error = fluxError { () throws(FluxError) in
      try dispatcher.dispatch(Increment(), payload: 1)
    }

    guard case .callbackFailed? = error else {
      Issue.record("expected callbackFailed, got \(String(describing: error))")
      return
    }
    #expect(store.state == 10)
    #expect(changes.all.isEmpty)
  }

  @Test("lets another store waitFor its token and read its updated state")
  func waitForAnotherStore() throws {
    let dispatcher = Dispatcher()
    let seen = Log<Int>()
    let counter = Lock<ReduceStore<Int>?>(nil)
    // Registered first, so without waitFor it would read the old count.
    let doubled = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { [weak dispatcher] value, _ in
        guard let counter = counter.withLock({ $0 }) else { return }
        try dispatcher?.waitFor([counter.dispatchToken])
        seen.append(counter.state)
        value = counter.state * 2
      }
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, result in count += try result.get() }
    counter.withLock { $0 = store }

    try dispatcher.dispatch(Increment(amount: 3), payload: 3)

    #expect(seen.all == [3])
    #expect(doubled.state == 6)
  }

  @Test("unregisters when released")
  func released() throws {
    let dispatcher = Dispatcher()
    let reduced = Log<Int>()
    weak var released: ReduceStore<Int>?
    do {
      let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
        .reduce(Increment.self) { count, result in
          count += try result.get()
          reduced.append(count)
        }
      try dispatcher.dispatch(Increment(), payload: 1)
      released = store
    }

    #expect(released == nil)
    try dispatcher.dispatch(Increment(), payload: 1)
    #expect(reduced.all == [1])
  }

  @Test("stops reducing after unregister()")
  func unregister() throws {
    let dispatcher = Dispatcher()
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, result in count += try result.get() }

    try dispatcher.dispatch(Increment(), payload: 1)
    store.unregister()
    try dispatcher.dispatch(Increment(), payload: 1)

    #expect(store.state == 1)
  }

  // MARK: hasChanged

  @Test("hasChanged is true after the store changed in this dispatch, false when it did not")
  func hasChangedAfterWaitFor() throws {
    let dispatcher = Dispatcher()
    let seen = Log<String>()
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, result in count += try result.get() }
    dispatcher.register { [weak dispatcher] dispatched in
      try dispatcher?.waitFor([store.dispatchToken])
      seen.append("\(dispatched.action): \(try store.hasChanged())")
    }

    try dispatcher.dispatch(Increment(amount: 1), payload: 1)
    try dispatcher.dispatch(Increment(amount: 0), payload: 0)  // reduced, state unchanged
    try dispatcher.dispatch(Ping())  // not handled by the store

    #expect(
      seen.all == [
        "Increment(amount: 1): true", "Increment(amount: 0): false", "Ping(): false",
      ])
  }

  @Test("hasChanged is false in a dispatch before the store's callback has run")
  func hasChangedBeforeTheStoreRan() throws {
    let dispatcher = Dispatcher()
    let seen = Log<Bool>()
    let store = Lock<ReduceStore<Int>?>(nil)
    // Registered first, and not waiting: it runs before the store in every dispatch.
    dispatcher.register(Increment.self) { _ in
      if let store = store.withLock({ $0 }) { seen.append(try store.hasChanged()) }
    }
    store.withLock {
      $0 = ReduceStore(initialState: 0, dispatcher: dispatcher)
        .reduce(Increment.self) { count, result in count += try result.get() }
    }

    try dispatcher.dispatch(Increment(amount: 1), payload: 1)
    try dispatcher.dispatch(Increment(amount: 1), payload: 1)

    #expect(seen.all == [false, false])
  }

  @Test("hasChanged outside a dispatch throws hasChangedOutsideDispatch")
  func hasChangedOutsideDispatch() throws {
    let dispatcher = Dispatcher()
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, result in count += try result.get() }
    try dispatcher.dispatch(Increment(amount: 1), payload: 1)

    let error = fluxError { () throws(FluxError) in _ = try store.hasChanged() }

    guard case .hasChangedOutsideDispatch? = error else {
      Issue.record("expected hasChangedOutsideDispatch, got \(String(describing: error))")
      return
    }
  }
}
