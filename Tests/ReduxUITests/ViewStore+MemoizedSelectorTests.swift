import Observation
import ReduxCore
import ReduxUI
import Testing

/// The titles of the rows not done, recording each run of its projector.
func makeOpenTitles(_ runs: Recorder<Int>) -> MemoizedSelector<TodoList, [String]> {
  MemoizedSelector(\TodoList.todos) { todos in
    runs.append(todos.count)
    return todos.filter { !$0.isDone }.map(\.title)
  }
}

@Suite("ViewStore[selector]", .timeLimit(.minutes(1)))
@MainActor
struct ViewStoreMemoizedSelectorTests {
  @Test("a view reading a selector is invalidated only when the selected value changes")
  func invalidatedByTheValue() {
    let runs = Recorder<Int>()
    let openTitles = makeOpenTitles(runs)
    let (model, _) = makeTodoList()
    #expect(model[openTitles] == ["todo 1", "todo 2", "todo 3"])
    let changes = tracking { _ = model[openTitles] }
    model.dispatch(SetFilter(filter: "open"))
    #expect(changes.values.isEmpty)
    #expect(runs.values.count == 1)
    // The rows change, the selected titles do not: computed again, no invalidation.
    model.dispatch(AppendTodo(todo: Todo(id: 4, title: "done", isDone: true)))
    #expect(runs.values.count == 2)
    #expect(changes.values.isEmpty)
    model.dispatch(ElementAction<Todo>(id: 2, action: ToggleDone()))
    #expect(changes.values.count == 1)
    #expect(model[openTitles] == ["todo 1", "todo 3"])
  }

  @Test("views and subscribers reading one selector compute it once per state")
  func oncePerState() async {
    let runs = Recorder<Int>()
    let openTitles = makeOpenTitles(runs)
    let (first, store) = makeTodoList()
    let second = ViewStore(store)
    let delivered = Recorder<[String]>()
    let tokens = (0..<100).map { _ in store.subscribe(openTitles) { delivered.append($0) } }
    _ = tracking { _ = first[openTitles] }
    _ = tracking { _ = second[openTitles] }
    #expect(runs.values == [3])
    first.dispatch(AppendTodo(todo: Todo(id: 4, title: "todo 4")))
    // `second` publishes on its hop to the main actor.
    while second[openTitles].count < 4 { await nextChange { _ = second[openTitles] } }
    #expect(first[openTitles] == second[openTitles])
    #expect(runs.values == [3, 4])
    #expect(delivered.values.count == 200)
    withExtendedLifetime(tokens) {}
  }

  @Test("an element's view store reads a selector of its element")
  func elementSelector() {
    let shout = MemoizedSelector(\Todo.title) { $0.uppercased() }
    let (model, _) = makeTodoList()
    let row = model.scope(each: \.todos)[0]
    #expect(row[shout] == "TODO 1")
    let changes = tracking { _ = row[shout] }
    row.dispatch(Rename(title: "milk"))
    #expect(changes.values.count == 1)
    #expect(row[shout] == "MILK")
  }
}
