import ReduxCommand
import ReduxCore

/// One row of the list: a todo with its save status.
public struct Todo: Identifiable, Sendable, Equatable, Codable {
  /// The todo's id, unique in its list.
  public let id: Int
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var isDone = false
  /// Whether a save of the title is in flight.
  public var isSaving = false

  /// A todo that is not done and not being saved.
  public init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}

/// Replaces a todo's title (a row's text field, or the detail screen's).
public struct SetTitle: Action, Equatable, Codable {
  /// The new title.
  public var title: String

  /// Creates the action.
  public init(_ title: String) {
    self.title = title
  }
}

/// Marks a todo done, or not done again.
public struct ToggleDone: Action, Equatable, Codable {
  /// Creates the action.
  public init() {}
}

/// Saves a row's title on the server.
public struct Save: Action, Equatable, Codable {
  /// Creates the action.
  public init() {}
}

/// The server saved the row's title.
public struct Saved: Action, Equatable, Codable {
  /// Creates the action.
  public init() {}
}

/// The reducer of one row, run by the list's `forEach` on the row an `ElementAction<Todo>`
/// addresses. Its save is the row's command: it comes back as `ElementAction<Todo>` with the
/// row's id, and deleting the row cancels it.
public func todoReducer(client: TodosClient) -> CommandReducer<Todo> {
  CommandReducer<Todo> { todo, action in
    switch action {
    case let set as SetTitle:
      todo.title = set.title
    case is ToggleDone:
      todo.isDone.toggle()
    case is Save:
      todo.isSaving = true
      let (id, title) = (todo.id, todo.title)
      return .run { send in
        // Cancelled when the row is deleted: then it ends and sends nothing.
        guard (try? await client.saveTitle(id, title)) != nil else { return }
        send(Saved())
      }
    case is Saved:
      todo.isSaving = false
    default:
      break
    }
    return .none
  }
}
