import IdentifiedCollections
import ReduxCore

/// The app's state: a tree of features. The rows are an `IdentifiedArray` (a `forEach` child
/// each), the detail screen an optional (an `ifLet` child, presented), and the navigation stack
/// a `StackState` of ``Screen``s (a stack `forEach` with an `ifCaseLet` per case).
public struct TodoList: Sendable, Equatable, Codable {
  /// The todos, in the order they were added.
  public var todos: IdentifiedArrayOf<Todo> = []
  /// Which todos the list shows; ``visibleTodos`` applies it.
  public var filter = Filter.all
  /// The presented detail screen, or nil.
  public var detail: Detail?
  /// The navigation stack, bottom first.
  public var path = StackState<Screen>()
  /// The "Delete this todo?" alert, while it is shown.
  public var alert: AlertState?
  /// The id the next added todo gets.
  public var nextID = 0

  /// An empty list.
  public init() {}

  /// The todos the filter shows, computed once per change of ``todos`` or ``filter`` however
  /// many subscribers and views read it.
  public static let visibleTodos = MemoizedSelector(\TodoList.todos, \.filter) { todos, filter in
    todos.elements.filter(filter.includes)
  }
}

/// Adds a todo at the end of the list.
public struct AddTodo: Action, Equatable, Codable {
  /// What to do.
  public var title: String

  /// Creates the action.
  public init(_ title: String) {
    self.title = title
  }
}

/// Deletes a todo, cancelling its save if one is in flight (and closing its presented detail
/// screen, cancelling that screen's save).
public struct DeleteTodo: Action, Equatable, Codable {
  /// The todo to delete.
  public var id: Todo.ID

  /// Creates the action.
  public init(id: Todo.ID) {
    self.id = id
  }
}

/// Asks whether to delete a todo: shows an alert whose Delete button sends ``DeleteTodo``.
public struct AskToDelete: Action, Equatable, Codable {
  /// The todo to delete.
  public var id: Todo.ID

  /// Creates the action.
  public init(id: Todo.ID) {
    self.id = id
  }
}

/// Presents a todo's detail screen.
public struct ShowDetail: Action, Equatable, Codable {
  /// The todo to show.
  public var id: Todo.ID

  /// Creates the action.
  public init(id: Todo.ID) {
    self.id = id
  }
}

/// Pushes a todo's detail screen on the stack.
public struct PushDetail: Action, Equatable, Codable {
  /// The todo to show.
  public var id: Todo.ID

  /// Creates the action.
  public init(id: Todo.ID) {
    self.id = id
  }
}

/// Pushes the counts screen on the stack, with the list's counts now.
public struct PushStats: Action, Equatable, Codable {
  /// Creates the action.
  public init() {}
}
