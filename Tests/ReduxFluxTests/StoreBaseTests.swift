import ReduxCore
import ReduxFlux
import Testing

@Suite("StoreBase")
struct StoreBaseTests {
  @Test("routes each action to the handlers of its type, in registration order")
  func handlers() throws {
    let dispatcher = Dispatcher()
    let store = StoreBase(dispatcher: dispatcher)
    let log = Log<String>()
    store.register(Increment.self) { result in
      log.append("increment \(try result.get())")
      return .unchanged
    }
    store.register(CreateTodo.self) { result in
      log.append("todo \(result)")
      return .unchanged
    }
    store.register(Increment.self) { _ in
      log.append("increment again")
      return .unchanged
    }

    try dispatcher.dispatch(Increment(amount: 3), payload: 3)
    try dispatcher.dispatch(CreateTodo(title: ""), error: .emptyTitle)

    #expect(
      log.all == [
        "increment 3", "increment again", "todo failure(ReduxFluxTests.TodoError.emptyTitle)",
      ])
  }

  @Test("emits one change per dispatch even when several handlers changed it")
  func oneChangePerDispatch() throws {
    let dispatcher = Dispatcher()
    let store = StoreBase(dispatcher: dispatcher)
    store.register(Increment.self) { _ in .changed }
    store.register(Increment.self) { _ in .changed }
    store.register(Ping.self) { _ in .unchanged }
    let changes = Log<Bool>()
    store.onChange { changes.append(dispatcher.isDispatching) }

    try dispatcher.dispatch(Increment(), payload: 1)
    try dispatcher.dispatch(Ping())
    try dispatcher.dispatch(Increment(), payload: 1)

    // Two changes, each announced inside its dispatch.
    #expect(changes.all == [true, true])
  }

  @Test("emits no change when a handler throws, and the dispatch reports the error")
  func throwingHandler() throws {
    let dispatcher = Dispatcher()
    let store = StoreBase(dispatcher: dispatcher)
    store.register(Increment.self) { _ in .changed }
    store.register(Increment.self) { _ in throw Boom() }
    let changes = Log<Int>()
    store.onChange { changes.append(1) }

    let error = fluxError { () throws(FluxError) in
      try dispatcher.dispatch(Increment(), payload: 1)
    }

    guard case .callbackFailed(let token, let underlying)? = error else {
      Issue.record("expected callbackFailed, got \(String(describing: error))")
      return
    }
    #expect(token == store.dispatchToken)
    #expect(underlying as? Boom == Boom())
    #expect(changes.all.isEmpty)
  }

  @Test("stops receiving actions after unregister(), which may be called twice")
  func unregisterOnDemand() throws {
    let dispatcher = Dispatcher()
    let store = StoreBase(dispatcher: dispatcher)
    let log = Log<Int>()
    store.register(Increment.self) { result in
      log.append(try result.get())
      return .unchanged
    }

    try dispatcher.dispatch(Increment(), payload: 1)
    store.unregister()
    store.unregister()
    try dispatcher.dispatch(Increment(), payload: 2)

    #expect(log.all == [1])
    guard
      case .unknownToken? = fluxError({ () throws(FluxError) in
        try dispatcher.unregister(store.dispatchToken)
      })
    else {
      Issue.record("the store's token should be gone from the dispatcher")
      return
    }
  }

  @Test("unregisters when released, so its handlers stop receiving actions")
  func releasedStopsReceiving() throws {
    let dispatcher = Dispatcher()
    let log = Log<Int>()
    weak var released: StoreBase?
    var token: DispatchToken?
    do {
      let store = StoreBase(dispatcher: dispatcher)
      store.register(Increment.self) { result in
        log.append(try result.get())
        return .changed
      }
      store.onChange { log.append(0) }
      try dispatcher.dispatch(Increment(), payload: 1)
      released = store
      token = store.dispatchToken
    }

    #expect(released == nil)
    try dispatcher.dispatch(Increment(), payload: 2)
    #expect(log.all == [1, 0])
    let unregistered = try #require(token)
    guard
      case .unknownToken? = fluxError({ () throws(FluxError) in
        try dispatcher.unregister(unregistered)
      })
    else {
      Issue.record("the released store's token should be gone from the dispatcher")
      return
    }
  }

  @Test("a change listener that dispatches is refused with dispatchDuringDispatch")
  func listenerCannotDispatch() throws {
    let dispatcher = Dispatcher()
    let store = StoreBase(dispatcher: dispatcher)
    store.register(Ping.self) { _ in .changed }
    let errors = Log<FluxError>()
    store.onChange {
      if let error = fluxError({ () throws(FluxError) in try dispatcher.dispatch(Ping()) }) {
        errors.append(error)
      }
    }

    try dispatcher.dispatch(Ping())

    guard case .dispatchDuringDispatch? = errors.all.first else {
      Issue.record("expected dispatchDuringDispatch, got \(errors.all)")
      return
    }
  }

  @Test("hasChanged reports whether a handler returned changed in the dispatch in progress")
  func hasChanged() throws {
    let dispatcher = Dispatcher()
    let seen = Log<Bool>()
    let store = StoreBase(dispatcher: dispatcher)
    store.register(Increment.self) { result in try result.get() > 0 ? .changed : .unchanged }
    dispatcher.register { [weak dispatcher] _ in
      try dispatcher?.waitFor([store.dispatchToken])
      seen.append(try store.hasChanged())
    }

    try dispatcher.dispatch(Increment(amount: 2), payload: 2)
    try dispatcher.dispatch(Increment(amount: 0), payload: 0)

    #expect(seen.all == [true, false])
    #expect(throws: FluxError.self) { try store.hasChanged() }
  }
}
