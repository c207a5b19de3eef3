import Clocks
import IdentifiedCollections
import ReduxCommand
import ReduxCore
import ReduxTesting
import Testing
import TodosFeature

@MainActor
@Suite("Todos example: rows", .timeLimit(.minutes(1)))
struct TodoRowsTests {
  @Test("adding, editing, completing and deleting rows change exactly those rows")
  func editsRows() async {
    let store = makeStore(clock: TestClock())
    await store.send(AddTodo("Buy milk")) {
      $0.todos.append(Todo(id: 0, title: "Buy milk"))
      $0.nextID = 1
    }
    await store.send(AddTodo("Call Ada")) {
      $0.todos.append(Todo(id: 1, title: "Call Ada"))
      $0.nextID = 2
    }
    await store.send(ElementAction<Todo>(id: 0, action: SetTitle("Buy oat milk"))) {
      $0.todos[id: 0]?.title = "Buy oat milk"
    }
    await store.send(ElementAction<Todo>(id: 1, action: ToggleDone())) {
      $0.todos[id: 1]?.isDone = true
    }
    await store.send(DeleteTodo(id: 0)) { $0.todos.remove(id: 0) }
    #expect(store.state.todos.ids == [1])
    await store.finish()
  }

  @Test("deleting asks first: Keep changes nothing, Delete removes the row and closes the alert")
  func deleteConfirmation() async {
    let store = makeStore(clock: TestClock(), titles: ["Buy milk"])
    let alert = AlertState(
      title: "Delete “Buy milk”?",
      buttons: [.destructive("Delete", action: DeleteTodo(id: 0)), .cancel("Keep")])
    await store.send(AskToDelete(id: 0)) { $0.alert = alert }
    await store.send(ChildAction<AlertState>.dismiss) { $0.alert = nil }
    await store.send(AskToDelete(id: 0)) { $0.alert = alert }
    await store.send(ChildAction<AlertState>(DeleteTodo(id: 0))) {
      $0.alert = nil
      $0.todos.remove(id: 0)
    }
    // A second tap, after the alert is gone, changes nothing and fails the step.
    await withKnownIssue {
      await store.send(ChildAction<AlertState>(DeleteTodo(id: 0)))
    } matching: { issue in
      message(of: issue).contains("alert at \\TodoList.alert got a tap, DeleteTodo(id: 0)")
    }
    await store.finish()
  }

  @Test("the filter's selector shows all, the active or the done todos, in list order")
  func filters() async {
    let store = makeStore(clock: TestClock(), titles: ["Buy milk", "Write", "Call Ada"])
    await store.send(ElementAction<Todo>(id: 1, action: ToggleDone())) {
      $0.todos[id: 1]?.isDone = true
    }
    let visibleTitles = { TodoList.visibleTodos(store.state).map(\.title) }
    #expect(visibleTitles() == ["Buy milk", "Write", "Call Ada"])
    await store.send(SetFilter(.active)) { $0.filter = .active }
    #expect(visibleTitles() == ["Buy milk", "Call Ada"])
    await store.send(SetFilter(.done)) { $0.filter = .done }
    #expect(visibleTitles() == ["Write"])
    await store.send(ElementAction<Todo>(id: 1, action: ToggleDone())) {
      $0.todos[id: 1]?.isDone = false
    }
    #expect(visibleTitles() == [])
    await store.finish()
  }

  @Test("a row's save comes back addressed to that row")
  func saves() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, titles: ["Buy milk", "Call Ada"])
    await store.send(ElementAction<Todo>(id: 1, action: Save())) {
      $0.todos[id: 1]?.isSaving = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(isRow(1, Saved.self)) { $0.todos[id: 1]?.isSaving = false }
    await store.finish()
  }

  @Test("deleting a row while its save runs cancels the save: nothing comes back")
  func deletingCancelsTheSave() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, titles: ["Buy milk", "Call Ada"])
    let save = await store.send(ElementAction<Todo>(id: 1, action: Save())) {
      $0.todos[id: 1]?.isSaving = true
    }
    await store.send(DeleteTodo(id: 1)) { $0.todos.remove(id: 1) }
    await save.finish()
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test("a stale row action after the row's deletion fails the step with a runtime warning")
  func staleRowAction() async {
    let store = makeStore(clock: TestClock(), titles: ["Buy milk"])
    await store.send(DeleteTodo(id: 0)) { $0.todos.remove(id: 0) }
    await withKnownIssue {
      await store.send(ElementAction<Todo>(id: 0, action: ToggleDone()))
    } matching: { issue in
      message(of: issue).hasPrefix(
        "The reducer reported a runtime warning: forEach at \\TodoList.todos got ToggleDone() "
          + "(in ElementAction<Todo>) for id 0, but no element has that id; the state was left "
          + "unchanged. Likely cause: the element was removed while work it started was still "
          + "running")
    }
    #expect(store.state.todos.isEmpty)
    await store.finish()
  }
}
