import ReduxCore
import ReduxSeam
import Testing

@Suite("Middleware")
struct MiddlewareTests {
  @Test("a middleware sees each action before the reducer and reads state before and after next")
  func readsStateAroundNext() {
    let seen = Recorder<String>()
    let store = makeCounterStore(middleware: [
      Middleware { context, action, next in
        let before = context.state.count
        next(action)
        seen.append("\(before)->\(context.state.count)")
      }
    ])
    store.dispatch(Increment())
    store.dispatch(Add(amount: 2))
    #expect(seen.values == ["0->1", "1->3"])
  }

  @Test("a middleware that does not call next drops the action")
  func drops() {
    let store = makeCounterStore(middleware: [
      Middleware { _, action, next in
        if let add = action.as(Add.self), add.amount < 0 { return }
        next(action)
      }
    ])
    store.dispatch(Add(amount: -5))
    store.dispatch(Add(amount: 2))
    #expect(store.state.count == 2)
  }

  @Test("a middleware can replace the action it passes on")
  func replaces() {
    let store = makeCounterStore(middleware: [
      Middleware { _, action, next in
        next(action is Increment ? Add(amount: 100) : action)
      }
    ])
    store.dispatch(Increment())
    #expect(store.state.count == 100)
  }

  @Test("actions a middleware dispatches are queued after the current one, in order")
  func dispatchesTwice() {
    let store = Store(
      initialState: Log(), reducer: logReducer,
      middleware: [
        Middleware { context, action, next in
          next(action)
          if let logged = action.as(Logged.self), logged.tag == "x" {
            context.dispatch(Logged(tag: "y"))
            context.dispatch(Logged(tag: "z"))
            // Still processing "x": the two dispatches are queued, not yet reduced.
            #expect(context.state.entries == ["x"])
          }
        }
      ])
    store.dispatch(Logged(tag: "x"))
    #expect(store.state.entries == ["x", "y", "z"])
  }

  @Test("several middleware run in array order, each wrapping the next")
  func composeInOrder() {
    let trace = Recorder<String>()
    func tracing(_ name: String) -> Middleware<Counter> {
      Middleware { _, action, next in
        trace.append("\(name) in")
        next(action)
        trace.append("\(name) out")
      }
    }
    let store = makeCounterStore(middleware: [tracing("a"), tracing("b")])
    store.dispatch(Increment())
    #expect(trace.values == ["a in", "b in", "b out", "a out"])
  }

  @Test("actions dispatched by middleware also go through the whole chain")
  func dispatchedActionsPassMiddleware() {
    let seen = Recorder<String>()
    let store = Store(
      initialState: Log(), reducer: logReducer,
      middleware: [
        Middleware { _, action, next in
          if let logged = action.as(Logged.self) { seen.append(logged.tag) }
          next(action)
        },
        Middleware { context, action, next in
          next(action)
          if action.as(Logged.self)?.tag == "first" { context.dispatch(Logged(tag: "second")) }
        },
      ])
    store.dispatch(Logged(tag: "first"))
    #expect(seen.values == ["first", "second"])
    #expect(store.state.entries == ["first", "second"])
  }

  @Test("a context kept after the store is released dispatches nothing and keeps the last state")
  func contextOutlivesStore() throws {
    let kept = Lock<MiddlewareContext<Counter>?>(nil)
    weak var weakStore: Store<Counter>?
    do {
      let store = makeCounterStore(middleware: [
        Middleware { context, action, next in
          kept.withLock { $0 = context }
          next(action)
        }
      ])
      store.dispatch(Add(amount: 7))
      weakStore = store
    }
    #expect(weakStore == nil)
    let context = try #require(kept.withLock { $0 })
    context.dispatch(Increment())
    #expect(context.state.count == 7)
  }
}

@Suite("Middleware attach")
struct MiddlewareAttachTests {
  @Test("onAttach runs once per store, in order, before any action, with a working context")
  func attachBeforeFirstAction() {
    let events = Recorder<String>()
    func attaching(_ name: String) -> Middleware<Counter> {
      Middleware(
        onAttach: { context in
          events.append("\(name) attached at \(context.state.count)")
          if name == "b" { context.dispatch(Add(amount: 5)) }
        },
        { _, action, next in
          events.append("\(name) saw \(type(of: action))")
          next(action)
        })
    }
    let store = makeCounterStore(middleware: [attaching("a"), attaching("b")])
    #expect(
      events.values == [
        "a attached at 0", "b attached at 0", "a saw Add", "b saw Add",
      ])
    #expect(store.state.count == 5)
    store.dispatch(Increment())
    #expect(events.values.count == 6)
  }
}
