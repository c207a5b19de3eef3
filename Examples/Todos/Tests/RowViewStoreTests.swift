import Clocks
import Observation
import ReduxCommand
import ReduxCore
import ReduxUI
import Testing
import TodosFeature

@MainActor
@Suite("Todos example: the rows' view stores", .timeLimit(.minutes(1)))
struct RowViewStoreTests {
  /// A view store of the example's app, its store holding `titles`, ids from 0.
  func makeViewStore(titles: [String]) -> ViewStore<TodoList> {
    let store = Store(
      initialState: TodoList(),
      commandReducer: todoListReducer(client: .simulated(clock: TestClock())))
    let model = ViewStore(store)
    for title in titles { model.dispatch(AddTodo(title)) }
    return model
  }

  @Test("each row's view store sends to its own row, found by id")
  func rowsSendToTheirRows() {
    let model = makeViewStore(titles: ["Buy milk", "Write", "Call Ada"])
    let rows = model.scope(each: \.todos)
    rows[2].dispatch(SetTitle("Call Grace"))
    rows[1].dispatch(ToggleDone())
    #expect(model.todos.map(\.title) == ["Buy milk", "Write", "Call Grace"])
    #expect(model.todos.map(\.isDone) == [false, true, false])
    #expect(rows.map(\.title) == ["Buy milk", "Write", "Call Grace"])
  }

  @Test("a row keeps its view store when other rows come and go")
  func identityIsStable() {
    let model = makeViewStore(titles: ["Buy milk", "Write", "Call Ada"])
    let before = model.scope(each: \.todos)
    model.dispatch(DeleteTodo(id: 0))
    model.dispatch(AddTodo("Walk"))
    let after = model.scope(each: \.todos)
    #expect(after.map { $0.state.id } == [1, 2, 3])
    #expect(after[0] === before[1])
    #expect(after[1] === before[2])
  }

  @Test("a deleted row's view store, observed as a row on screen, keeps its last value")
  func deletedRowKeepsItsValue() {
    let model = makeViewStore(titles: ["Buy milk", "Call Ada"])
    let deleted = model.scope(each: \.todos)[1]
    // A row on screen: its view reads the title, so each publish updates it at once.
    withObservationTracking {
      _ = deleted.title
    } onChange: {
    }
    deleted.dispatch(SetTitle("Call Grace"))
    model.dispatch(DeleteTodo(id: 1))
    #expect(deleted.title == "Call Grace")
    #expect(model.scope(each: \.todos).map(\.title) == ["Buy milk"])
  }
}
