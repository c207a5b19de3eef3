import ReduxCommand
import ReduxCore

/// The detail screen of one todo: a draft of its title, saved on the server before the screen
/// closes. It is presented (``TodoList/detail``) or pushed on the stack (``Screen/detail(_:)``),
/// with the same reducer.
public struct Detail: Sendable, Equatable, Codable {
  /// The todo the screen edits.
  public let todoID: Todo.ID
  /// The title being edited.
  public var draft: String
  /// Whether the save is in flight.
  public var isSaving = false

  /// A detail screen for `todo`, its draft the todo's title.
  public init(_ todo: Todo) {
    todoID = todo.id
    draft = todo.title
  }
}

/// Saves the draft, then closes the screen.
public struct SaveDraft: Action, Equatable, Codable {
  /// Creates the action.
  public init() {}
}

/// The draft was saved: the list takes the new title when it sees this action, after the
/// detail screen has (the child runs first, then its parent).
public struct DraftSaved: Action, Equatable, Codable {
  /// The todo whose title was saved.
  public var todoID: Todo.ID
  /// The saved title.
  public var title: String

  /// Creates the action.
  public init(todoID: Todo.ID, title: String) {
    self.todoID = todoID
    self.title = title
  }
}

/// The detail screen's reducer; the draft is written by a binding
/// (`BindingAction.set(\Detail.draft, "Oat milk")`). Saving runs a command that sends ``DraftSaved`` and then
/// `Dismiss()`: the operator that holds the screen closes it (an `ifLet` sets it to nil, a
/// stack pops it), and closing it any other way first cancels the save.
public func detailReducer(client: TodosClient) -> CommandReducer<Detail> {
  CommandReducer<Detail> { detail, action in
    switch action {
    case is SaveDraft:
      detail.isSaving = true
      let (id, title) = (detail.todoID, detail.draft)
      return .run { send in
        guard (try? await client.saveTitle(id, title)) != nil else { return }
        send(DraftSaved(todoID: id, title: title))
        send(Dismiss())
      }
    case is DraftSaved:
      detail.isSaving = false
    default:
      break
    }
    return .none
  }
  // The draft's text field sends `BindingAction.set(\Detail.draft, text)`.
  .binding()
}
