import Clocks
import IdentifiedCollections
import ReduxCommand
import ReduxCore
import ReduxDevTools
import Testing
import TodosFeature

@Suite("Todos example: a session exported and imported with DevTools", .timeLimit(.minutes(1)))
struct SessionExportTests {
  @Test("rows, the presented detail, the stack and the delete alert survive export and import")
  func roundTrip() async throws {
    let reducer = todoListReducer(client: .simulated(clock: TestClock(), latency: .seconds(1)))
    let devTools = DevTools(
      reducer: Reducer<TodoList> { state, action in _ = reducer(&state, action) })
    let store = Store(
      initialState: TodoList(), commandReducer: reducer, middleware: [devTools.middleware])
    store.dispatch(AddTodo("Buy milk"))
    store.dispatch(AddTodo("Call Ada"))
    store.dispatch(ElementAction<Todo>(id: 0, action: SetTitle("Buy oat milk")))
    store.dispatch(ElementAction<Todo>(id: 1, action: ToggleDone()))
    store.dispatch(ShowDetail(id: 0))
    store.dispatch(ChildAction<Detail>(BindingAction.set(\Detail.draft, "Oat milk")))
    store.dispatch(ChildAction<Detail>.dismiss)
    store.dispatch(PushStats())
    store.dispatch(PushDetail(id: 1))
    store.dispatch(StackAction<Screen>.popFrom(id: StackElementID(1)))
    store.dispatch(PushDetail(id: 0))
    store.dispatch(AskToDelete(id: 1))
    store.dispatch(ChildAction<AlertState>(DeleteTodo(id: 1)))
    let recording = devTools.recording

    let text = try recording.jsonLines(registry: todosRegistry)
    #expect(text.contains(#""action":{"field":"draft","value":"Oat milk"}"#))
    let imported = try Recording<TodoList>(jsonLines: text, registry: todosRegistry)
    #expect(imported.entries.map(\.state) == recording.entries.map(\.state))
    #expect(imported.entries.map(\.actionType) == recording.entries.map(\.actionType))
    let last = try #require(imported.entries.last?.state)
    #expect(last.todos.map(\.title) == ["Buy oat milk"])
    #expect(last.path.ids == [StackElementID(0), StackElementID(2)])
    // The alert shown before the tap, with its Delete button's action, is in the recording.
    #expect(
      imported.entries[11].state.alert?.buttons.first?.action as? DeleteTodo == DeleteTodo(id: 1))
    #expect(
      imported.replay(reducer: Reducer { state, action in _ = reducer(&state, action) }).divergence
        == nil)
    // Both pages read it: the session page shows the stack's screens and the rows.
    let page = try SessionPage(jsonLines: text)
    #expect(page.actionCount == recording.entries.count)
    #expect(page.html.contains("Buy oat milk"))
  }
}
