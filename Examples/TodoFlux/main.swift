// TodoFlux: the Flux todo flow. Actions do their work and dispatch a Result; a todo store
// reduces them; a stats store waits for the todo store before counting; a store group prints
// once per dispatch after both stores.
import ReduxFlux

struct Todo: Sendable, Equatable {
  let id: Int
  var title: String
  var done = false
}

enum TodoError: Error {
  case emptyTitle
}

/// Loads the todo list (here: from memory, after pretending to wait for a server).
struct ListTodos: FluxAction {
  typealias Payload = [Todo]

  func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {
    await Task.yield()
    try dispatcher.dispatch(
      self, payload: [Todo(id: 1, title: "Buy milk"), Todo(id: 2, title: "Walk")])
  }
}

/// Creates a todo; an empty title fails with a typed error that stores receive.
struct CreateTodo: FluxAction {
  typealias Payload = Todo
  typealias Failure = TodoError
  let id: Int
  let title: String

  func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {
    await Task.yield()
    if title.isEmpty {
      try dispatcher.dispatch(self, error: .emptyTitle)
    } else {
      try dispatcher.dispatch(self, payload: Todo(id: id, title: title))
    }
  }
}

/// Marks a todo as done.
struct CompleteTodo: FluxAction {
  typealias Payload = Int
  let id: Int

  func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {
    try dispatcher.dispatch(self, payload: id)
  }
}

struct Stats: Sendable, Equatable {
  var open = 0
  var done = 0
  var lastError: String?
}

let dispatcher = Dispatcher()

let todos = ReduceStore<[Todo]>(initialState: [], dispatcher: dispatcher)
  .reduce(ListTodos.self) { todos, result in
    if case .success(let list) = result { todos = list }
  }
  .reduce(CreateTodo.self) { todos, result in
    if case .success(let todo) = result { todos.append(todo) }
  }
  .reduce(CompleteTodo.self) { todos, result in
    let id = try result.get()
    if let index = todos.firstIndex(where: { $0.id == id }) { todos[index].done = true }
  }

/// Recounts from the todo store, after waiting for it to handle the current action.
@Sendable func recount(_ stats: inout Stats) throws {
  try dispatcher.waitFor([todos.dispatchToken])
  stats.open = todos.state.count { !$0.done }
  stats.done = todos.state.count { $0.done }
}

let stats = ReduceStore(initialState: Stats(), dispatcher: dispatcher)
  .reduce(ListTodos.self) { stats, _ in try recount(&stats) }
  .reduce(CompleteTodo.self) { stats, _ in try recount(&stats) }
  .reduce(CreateTodo.self) { stats, result in
    try recount(&stats)
    if case .failure(let error) = result { stats.lastError = "\(error)" }
  }

// A store owns its listeners: capture it weakly in them, or it is never released.
todos.onChange { [weak todos] in
  guard let todos else { return }
  print("  todos changed:", todos.state.map { "\($0.title)\($0.done ? " ✓" : "")" })
}
stats.onChange { [weak stats] in
  guard let stats else { return }
  print("  stats changed:", stats.state)
}
let group = try StoreGroup(stores: [todos, stats], dispatcher: dispatcher) { dispatched in
  print("  after \(dispatched): \(todos.state.count) todos, \(stats.state.open) open")
}

let creator = ActionCreator(dispatcher: dispatcher)
do {
  print("list")
  try await creator.invoke(ListTodos())
  print("create \"Write docs\"")
  try await creator.invoke(CreateTodo(id: 3, title: "Write docs"))
  print("create \"\" (fails)")
  try await creator.invoke(CreateTodo(id: 4, title: ""))
  print("complete 1")
  try await creator.invoke(CompleteTodo(id: 1))

  // Flux forbids dispatching from inside a dispatch; here it is a typed error, not a crash.
  let token = dispatcher.register(CompleteTodo.self) { _ in
    try dispatcher.dispatch(ListTodos(), payload: [])
  }
  print("complete 2, with a callback that dispatches during the dispatch")
  do {
    try await creator.invoke(CompleteTodo(id: 2))
  } catch {
    print("  refused:", error)
  }
  try dispatcher.unregister(token)
} catch {
  print("unexpected:", error)
}
print("done:", todos.state.count, "todos,", stats.state.done, "done")
