import Clocks
import IdentifiedCollections
import ReduxCommand
import ReduxCore
import ReduxTesting
import Testing
import TodosFeature

/// The example's store, as App/main.swift builds it (without the printing), with the server
/// calls waiting on `clock` and the list holding `titles`, ids from 0.
@MainActor
func makeStore(clock: TestClock<Duration>, titles: [String] = []) -> TestStore<TodoList> {
  var list = TodoList()
  for title in titles {
    list.todos.append(Todo(id: list.nextID, title: title))
    list.nextID += 1
  }
  return TestStore(
    Store(
      initialState: list,
      commandReducer: todoListReducer(client: .simulated(clock: clock, latency: .seconds(1)))))
}

/// Whether `action` is `inner`'s type addressed to the row with `id`.
func isRow<A: Action>(_ id: Todo.ID, _ inner: A.Type) -> (any Action) -> Bool {
  { action in
    guard let row = action.as(ElementAction<Todo>.self) else { return false }
    return row.id == id && row.action.as(A.self) != nil
  }
}

/// Whether `action` is an action of type `A` for the presented detail screen.
func isDetail<A: Action>(_ inner: A.Type) -> (any Action) -> Bool {
  { $0.as(ChildAction<Detail>.self)?.action.as(A.self) != nil }
}

/// Whether `action` is an action of type `A` for the screen `id` of the stack, addressed to
/// the screen's `Child` (`ChildAction<Stats>`).
func isScreen<Child, A: Action>(_ id: StackElementID, _ child: Child.Type, _ inner: A.Type)
  -> (any Action) -> Bool
{
  { action in
    guard case .element(id, let screenAction)? = action.as(StackAction<Screen>.self) else {
      return false
    }
    return screenAction.as(ChildAction<Child>.self)?.action.as(A.self) != nil
  }
}

/// Whether `action` is the `Dismiss` the screen `id` of the stack sent: the screen's
/// `ifCaseLet` passes it on unwrapped, so that the stack pops the screen.
func isScreenDismiss(_ id: StackElementID) -> (any Action) -> Bool {
  { action in
    guard case .element(id, let screenAction)? = action.as(StackAction<Screen>.self) else {
      return false
    }
    return screenAction.as(Dismiss.self) != nil
  }
}

/// Changes the stats screen `id` of `path` in place.
func updateStats(
  _ path: inout StackState<Screen>, id: StackElementID, _ body: (inout Stats) -> Void
) {
  _ = path.updateElement(id: id) { EnumCase.stats.modify(&$0, body) }
}

/// Changes the detail screen `id` of `path` in place.
func updateDetail(
  _ path: inout StackState<Screen>, id: StackElementID, _ body: (inout Detail) -> Void
) {
  _ = path.updateElement(id: id) { EnumCase.detail.modify(&$0, body) }
}

/// The text of a known issue, for checking what a failure says.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}
