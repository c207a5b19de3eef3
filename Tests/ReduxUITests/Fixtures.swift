import Observation
import ReduxCore
import ReduxSeam
import ReduxUI

struct Counter: Sendable, Equatable {
  var count = 0
  var step = 1
  var label = ""
}

struct Increment: Action {}
struct Add: Action { var amount: Int }
struct SetStep: Action { var step: Int }
struct SetLabel: Action { var label: String }
struct Noop: Action {}

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, _ in state.count += state.step }
  .on(Add.self) { state, action in state.count += action.amount }
  .on(SetStep.self) { state, action in state.step = action.step }
  .on(SetLabel.self) { state, action in state.label = action.label }

func makeCounterStore(middleware: [Middleware<Counter>] = []) -> Store<Counter> {
  Store(initialState: Counter(), reducer: counterReducer, middleware: middleware)
}

/// A thread-safe list that tests append to from callbacks.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Lock<[Element]>([])

  func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }

  var values: [Element] { storage.withLock { $0 } }
}

/// Waits on the main actor until a value that `read` reads through Observation changes.
///
/// `read` runs inside `withObservationTracking`; the change is published on the main actor, so
/// nothing can be published between the caller's last check and this registration.
@MainActor
func nextChange(_ read: @MainActor () -> Void) async {
  await withCheckedContinuation { continuation in
    withObservationTracking {
      read()
    } onChange: {
      continuation.resume()
    }
  }
}

/// Starts tracking what `read` reads through Observation; the returned recorder gets one entry
/// when it is reported changed (Observation reports the first change only).
func tracking(_ read: () -> Void) -> Recorder<Void> {
  let changes = Recorder<Void>()
  withObservationTracking {
    read()
  } onChange: {
    changes.append(())
  }
  return changes
}

/// A row of a list: identifiable and `Equatable`.
struct Todo: Identifiable, Sendable, Equatable {
  let id: Int
  var title: String
  var isDone = false
}

/// A list of rows, with a field outside the list and a list of values that have no identity.
struct TodoList: Sendable {
  var todos: [Todo] = (1...3).map { Todo(id: $0, title: "todo \($0)") }
  var filter = ""
  var scores: [Int] = [10, 20, 30]
}

/// A row's own actions, sent addressed to the row.
struct Rename: Action { var title: String }
struct ToggleDone: Action {}

/// List actions.
struct AppendTodo: Action { var todo: Todo }
struct InsertTodo: Action {
  var todo: Todo
  var index: Int
}
struct RemoveTodo: Action { var id: Int }
struct ReverseTodos: Action {}
struct SetFilter: Action { var filter: String }
struct RemoveLastScore: Action {}
struct AppendScore: Action { var score: Int }
struct SetScore: Action {
  var index: Int
  var score: Int
}

/// Applies a row's action to the row it is addressed to; an action for an id that is gone
/// changes nothing.
func applyToRow(_ action: any Action, _ todo: inout Todo) {
  if let rename = action as? Rename { todo.title = rename.title }
  if action is ToggleDone { todo.isDone.toggle() }
}

let todoListReducer = Reducer<TodoList>
  .on(ElementAction<Todo>.self) { state, element in
    guard let index = state.todos.firstIndex(where: { $0.id == element.id }) else { return }
    applyToRow(element.action, &state.todos[index])
  }
  .on(AppendTodo.self) { state, action in state.todos.append(action.todo) }
  .on(InsertTodo.self) { state, action in state.todos.insert(action.todo, at: action.index) }
  .on(RemoveTodo.self) { state, action in state.todos.removeAll { $0.id == action.id } }
  .on(ReverseTodos.self) { state, _ in state.todos.reverse() }
  .on(SetFilter.self) { state, action in state.filter = action.filter }
  .on(RemoveLastScore.self) { state, _ in state.scores.removeLast() }
  .on(AppendScore.self) { state, action in state.scores.append(action.score) }
  .on(SetScore.self) { state, action in state.scores[action.index] = action.score }

/// A view store of a fresh three-row list, and its store.
@MainActor
func makeTodoList(reducer: Reducer<TodoList> = todoListReducer) -> (
  ViewStore<TodoList>, Store<TodoList>
) {
  let store = Store(initialState: TodoList(), reducer: reducer)
  return (ViewStore(store), store)
}
