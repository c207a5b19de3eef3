import IdentifiedCollections
import ReduxCommand
import ReduxCore

/// The whole app's reducer: the list's own logic, with the rows, the presented detail screen
/// and the stack composed in as child features.
///
/// Each operator runs its child first, then the reducer it was called on, so the list's own
/// logic sees a ``DraftSaved`` after the detail screen has, and an action that removes a child
/// (``DeleteTodo``, a dismiss, a pop) cancels that child's commands.
public func todoListReducer(client: TodosClient) -> CommandReducer<TodoList> {
  CommandReducer<TodoList> { state, action in
    switch action {
    case let add as AddTodo:
      state.todos.append(Todo(id: state.nextID, title: add.title))
      state.nextID += 1
    case let delete as DeleteTodo:
      state.todos.remove(id: delete.id)
      if state.detail?.todoID == delete.id { state.detail = nil }
    case let filter as SetFilter:
      state.filter = filter.filter
    case let show as ShowDetail:
      state.detail = state.todos[id: show.id].map(Detail.init)
    case let push as PushDetail:
      if let todo = state.todos[id: push.id] { state.path.append(.detail(Detail(todo))) }
    case is PushStats:
      let done = state.todos.filter(\.isDone).count
      state.path.append(.stats(Stats(total: state.todos.count, done: done)))
    case let ask as AskToDelete:
      guard let todo = state.todos[id: ask.id] else { break }
      state.alert = AlertState(
        title: "Delete “\(todo.title)”?",
        buttons: [.destructive("Delete", action: DeleteTodo(id: todo.id)), .cancel("Keep")])
    default:
      // From the presented detail screen or one on the stack, through their wrappers.
      if let saved = action.unwrapped(as: DraftSaved.self) {
        state.todos[id: saved.todoID]?.title = saved.title
      }
    }
    return .none
  }
  .alert(\.alert)
  .forEach(\.todos, element: todoReducer(client: client))
  .ifLet(\.detail, then: detailReducer(client: client))
  .forEach(\.path, destination: screenReducer(client: client))
}
