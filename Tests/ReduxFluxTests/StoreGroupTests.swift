import ReduxCore
import ReduxFlux
import ReduxSeam
import Testing

@Suite("StoreGroup")
struct StoreGroupTests {
  @Test("calls its callback once per dispatch, with every store's new state")
  func oncePerDispatch() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let first = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, result in count += try result.get() }
    let second = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Increment.self) { count, result in count += try result.get() * 10 }
    let group = try StoreGroup(stores: [first, second], dispatcher: dispatcher) { dispatched in
      log.append("\(dispatched.action) \(first.state) \(second.state)")
    }

    try dispatcher.dispatch(Increment(amount: 1), payload: 1)
    try dispatcher.dispatch(Ping())

    #expect(log.all == ["Increment(amount: 1) 1 10", "Ping() 1 10"])
    _ = group
  }

  @Test("runs after its stores even when something asks for it before they ran")
  func waitsForItsStores() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let groupToken = Lock<[DispatchToken]>([])
    // Registered first: it pulls the group forward before the store had its turn.
    dispatcher.register { [weak dispatcher] _ in
      try dispatcher?.waitFor(groupToken.withLock { $0 })
      log.append("early")
    }
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
      .reduce(Ping.self) { _, _ in log.append("store") }
    let group = try StoreGroup(stores: [store], dispatcher: dispatcher) { _ in log.append("group") }
    groupToken.withLock { $0 = [group.dispatchToken] }

    try dispatcher.dispatch(Ping())

    #expect(log.all == ["store", "group", "early"])
  }

  @Test("stops calling its callback when released")
  func released() throws {
    let dispatcher = Dispatcher()
    let store = ReduceStore(initialState: 0, dispatcher: dispatcher)
    let log = Log<Int>()
    weak var released: StoreGroup?
    do {
      let group = try StoreGroup(stores: [store], dispatcher: dispatcher) { _ in log.append(1) }
      try dispatcher.dispatch(Ping())
      released = group
    }

    #expect(released == nil)
    try dispatcher.dispatch(Ping())
    #expect(log.all == [1])
  }

  @Test("refuses a group over no stores with emptyStoreGroup")
  func emptyGroup() throws {
    let dispatcher = Dispatcher()
    let log = Log<Int>()
    let error = fluxError { () throws(FluxError) in
      _ = try StoreGroup(stores: [], dispatcher: dispatcher) { _ in log.append(1) }
    }
    guard case .emptyStoreGroup? = error else {
      Issue.record("expected emptyStoreGroup, got \(String(describing: error))")
      return
    }
    try dispatcher.dispatch(Ping())
    #expect(log.all.isEmpty)
  }

  @Test("makes dispatches throw unknownToken when a store uses another dispatcher")
  func foreignStore() throws {
    let dispatcher = Dispatcher()
    let foreign = ReduceStore(initialState: 0, dispatcher: Dispatcher())
    let group = try StoreGroup(stores: [foreign], dispatcher: dispatcher) { _ in }

    let error = fluxError { () throws(FluxError) in try dispatcher.dispatch(Ping()) }

    guard case .unknownToken(let token)? = error else {
      Issue.record("expected unknownToken, got \(String(describing: error))")
      return
    }
    #expect(token == foreign.dispatchToken)
    _ = group
  }
}
