import ReduxCore
import ReduxFlux
import ReduxSeam
import Testing

struct Todos: Sendable, Equatable {
  var items: [String] = []
  var errors = 0
}

@Suite("Dispatcher feeding a ReduxCore Store")
struct DispatcherStoreTests {
  let reducer = Reducer<Todos>
    .onResult(CreateTodo.self) { todos, result in
      switch result {
      case .success(let title): todos.items.append(title)
      case .failure: todos.errors += 1
      }
    }
    .onResult(Increment.self) { todos, _ in todos.items.append("+") }

  @Test("reduces Flux results into the store")
  func feeds() throws {
    let dispatcher = Dispatcher()
    let store = Store(initialState: Todos(), reducer: reducer)
    dispatcher.feed(store)

    try dispatcher.dispatch(CreateTodo(title: "Milk"), payload: "Milk")
    try dispatcher.dispatch(CreateTodo(title: ""), error: .emptyTitle)
    try dispatcher.dispatch(Increment(), payload: 1)
    try dispatcher.dispatch(Ping())

    #expect(store.state == Todos(items: ["Milk", "+"], errors: 1))
  }

  @Test("lets a Flux callback waitFor the store and read its new state")
  func waitForStore() throws {
    let dispatcher = Dispatcher()
    let store = Store(initialState: Todos(), reducer: reducer)
    let seen = Log<[String]>()
    let feedToken = Lock<[DispatchToken]>([])
    dispatcher.register(CreateTodo.self) { [weak dispatcher] _ in
      try dispatcher?.waitFor(feedToken.withLock { $0 })
      seen.append(store.state.items)
    }
    let token = dispatcher.feed(store)
    feedToken.withLock { $0 = [token] }

    try dispatcher.dispatch(CreateTodo(title: "Milk"), payload: "Milk")

    #expect(seen.all == [["Milk"]])
  }

  @Test("does not keep the store alive, and does nothing after it is released")
  func weakStore() throws {
    let dispatcher = Dispatcher()
    weak var released: Store<Todos>?
    do {
      let store = Store(initialState: Todos(), reducer: reducer)
      dispatcher.feed(store)
      released = store
    }

    #expect(released == nil)
    try dispatcher.dispatch(CreateTodo(title: "Milk"), payload: "Milk")
  }
}
