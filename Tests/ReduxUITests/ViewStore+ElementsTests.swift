import Observation
import ReduxCore
import ReduxUI
import Testing

/// The actions of archived rows: a second address for rows of the same type.
struct ArchivedTodoAction: ElementActionWrapper {
  let id: Int
  let action: any Action
}

/// A state with two lists of the same row type, each with its own address.
struct Shelves: Sendable {
  var todos = [Todo(id: 1, title: "active")]
  var archived = [Todo(id: 1, title: "archived")]
}

let shelvesReducer = Reducer<Shelves>
  .on(ElementAction<Todo>.self) { state, element in
    guard let index = state.todos.firstIndex(where: { $0.id == element.id }) else { return }
    applyToRow(element.action, &state.todos[index])
  }
  .on(ArchivedTodoAction.self) { state, element in
    guard let index = state.archived.firstIndex(where: { $0.id == element.id }) else { return }
    applyToRow(element.action, &state.archived[index])
  }

@Suite("ViewStore.scope(each:)", .timeLimit(.minutes(1)))
@MainActor
struct ViewStoreElementsTests {
  let store: Store<TodoList>
  let model: ViewStore<TodoList>

  init() {
    (model, store) = makeTodoList()
  }

  @Test("one view store per element, in order, the same objects on each call")
  func sameViewStores() {
    let rows = model.scope(each: \.todos)
    #expect(rows.map { $0.title } == ["todo 1", "todo 2", "todo 3"])
    let again = model.scope(each: \.todos)
    #expect(zip(rows, again).allSatisfy { $0 === $1 })
    #expect(rows.map { $0.id } == again.map { $0.id })
    #expect(Set(rows.map { $0.id }).count == 3)
  }

  @Test("a row's action is dispatched addressed to its row")
  func addressedActions() {
    let recorded = Recorder<String>()
    let recording = Middleware<TodoList> { _, action, next in
      if let element = action as? ElementAction<Todo> {
        recorded.append("\(element.id): \(type(of: element.action))")
      }
      next(action)
    }
    let store = Store(initialState: TodoList(), reducer: todoListReducer, middleware: [recording])
    let rows = ViewStore(store).scope(each: \.todos)
    rows[1].dispatch(Rename(title: "second"))
    rows[2].dispatch(ToggleDone())
    #expect(recorded.values == ["2: Rename", "3: ToggleDone"])
    #expect(rows[1].title == "second")
    #expect(rows[2].isDone)
    #expect(store.state.todos.map(\.title) == ["todo 1", "second", "todo 3"])
  }

  @Test("a collection with an address of its own sends its rows' actions wrapped in it")
  func customWrapper() {
    let model = ViewStore(Store(initialState: Shelves(), reducer: shelvesReducer))
    let archived = model.scope(each: \.archived, action: ArchivedTodoAction.self)
    let active = model.scope(each: \.todos)
    archived[0].dispatch(Rename(title: "renamed"))
    #expect(archived[0].title == "renamed")
    #expect(active[0].title == "active")
    #expect(archived[0] !== active[0])
  }

  @Test("a change to one row invalidates the readers of that row only")
  func onlyTheChangedRow() {
    let rows = model.scope(each: \.todos)
    let changes = rows.map { row in tracking { _ = row.title } }
    let list = tracking { _ = model.scope(each: \.todos) }
    rows[1].dispatch(Rename(title: "changed"))
    #expect(changes.map(\.values.count) == [0, 1, 0])
    #expect(list.values.isEmpty)
    #expect(rows[1].title == "changed")
  }

  @Test("a row nobody reads catches up when it is read")
  func unobservedRowCatchesUp() {
    let rows = model.scope(each: \.todos)
    model.dispatch(ElementAction<Todo>(id: 3, action: Rename(title: "one")))
    model.dispatch(ElementAction<Todo>(id: 3, action: Rename(title: "two")))
    #expect(rows[2].title == "two")
    let changes = tracking { _ = rows[2].title }
    model.dispatch(ElementAction<Todo>(id: 3, action: Rename(title: "three")))
    #expect(changes.values.count == 1)
    // Its change was reported, so nothing observes it now; it catches up on the next read.
    model.dispatch(ElementAction<Todo>(id: 3, action: Rename(title: "four")))
    #expect(rows[2].title == "four")
  }

  @Test("the list's reader is invalidated by an insertion, a removal and a move, not an edit")
  func listTracksIdentities() {
    _ = model.scope(each: \.todos)
    var list = tracking { _ = model.scope(each: \.todos) }
    model.dispatch(ElementAction<Todo>(id: 1, action: ToggleDone()))
    model.dispatch(SetFilter(filter: "x"))
    #expect(list.values.isEmpty)
    for (action, ids) in [
      (AppendTodo(todo: Todo(id: 4, title: "todo 4")) as any Action, [1, 2, 3, 4]),
      (RemoveTodo(id: 2), [1, 3, 4]), (ReverseTodos(), [4, 3, 1]),
    ] {
      model.dispatch(action)
      #expect(list.values.count == 1)
      list = tracking { #expect(model.scope(each: \.todos).map { $0.state.id } == ids) }
    }
  }

  @Test("rows keep following their elements when rows are inserted before them")
  func insertionBefore() {
    let rows = model.scope(each: \.todos)
    let changes = rows.map { row in tracking { _ = row.title } }
    model.dispatch(InsertTodo(todo: Todo(id: 0, title: "todo 0"), index: 0))
    model.dispatch(ElementAction<Todo>(id: 3, action: Rename(title: "third")))
    #expect(changes.map(\.values.count) == [0, 0, 1])
    #expect(rows.map { $0.title } == ["todo 1", "todo 2", "third"])
    let after = model.scope(each: \.todos)
    #expect(after.count == 4)
    #expect(zip(after.dropFirst(), rows).allSatisfy { $0 === $1 })
  }

  @Test("a removed row's view store keeps its last value, publishes nothing and never crashes")
  func removedRow() {
    let rows = model.scope(each: \.todos)
    let changes = tracking { _ = rows[1].title }
    model.dispatch(RemoveTodo(id: 2))
    model.dispatch(ElementAction<Todo>(id: 3, action: Rename(title: "still here")))
    #expect(rows[1].title == "todo 2")
    #expect(changes.values.isEmpty)
    // Its action is addressed to an id that is gone: the reducer leaves the state unchanged.
    rows[1].dispatch(Rename(title: "lost"))
    #expect(rows[1].title == "todo 2")
    #expect(store.state.todos.map(\.title) == ["todo 1", "still here"])
    #expect(model.scope(each: \.todos).count == 2)
  }

  @Test("a removed row whose id comes back is followed by the same view store")
  func returningRow() {
    let rows = model.scope(each: \.todos)
    model.dispatch(RemoveTodo(id: 2))
    model.dispatch(AppendTodo(todo: Todo(id: 2, title: "back")))
    #expect(rows[1].title == "back")
    #expect(model.scope(each: \.todos)[2] === rows[1])
  }

  @Test(
    "an observer that dispatches while a row publishes: each row publishes its newest value once")
  func dispatchFromAnObserver() {
    let rows = model.scope(each: \.todos)
    let model = self.model
    withObservationTracking {
      _ = rows[0].title
    } onChange: {
      MainActor.assumeIsolated {
        model.dispatch(ElementAction<Todo>(id: 3, action: Rename(title: "from the observer")))
      }
    }
    // The third row's view re-renders at once, as it is told, and reads `isDone` too, so that
    // its view store stays observed.
    let thirdChanges = Recorder<Void>()
    @Sendable func trackThird() {
      MainActor.assumeIsolated {
        withObservationTracking {
          _ = rows[2].title
          _ = rows[2].isDone
        } onChange: {
          thirdChanges.append(())
          trackThird()
        }
      }
    }
    trackThird()
    _ = rows[1].title
    model.dispatch(ElementAction<Todo>(id: 1, action: Rename(title: "first")))
    #expect(thirdChanges.values.count == 1)
    #expect(rows.map { $0.title } == ["first", "todo 2", "from the observer"])
    model.dispatch(ElementAction<Todo>(id: 2, action: Rename(title: "second")))
    #expect(rows.map { $0.title } == ["first", "second", "from the observer"])
    #expect(thirdChanges.values.count == 1)
  }

  @Test("rows follow coalesced commits made on another thread")
  func backgroundCommits() async {
    let rows = model.scope(each: \.todos)
    let store = self.store
    await Task.detached {
      for number in 1...100 {
        store.dispatch(ElementAction<Todo>(id: 2, action: Rename(title: "\(number)")))
      }
    }.value
    while rows[1].title != "100" { await nextChange { _ = rows[1].title } }
    #expect(rows[0].title == "todo 1")
  }

  @Test("a row's view store keeps its parent alive; the parent does not keep the row alive")
  func lifetime() {
    weak var weakParent: ViewStore<TodoList>?
    weak var weakRow: ViewStore<Todo>?
    var row: ViewStore<Todo>?
    do {
      let (parent, _) = makeTodoList()
      weakParent = parent
      row = parent.scope(each: \.todos)[0]
      weakRow = row
    }
    #expect(weakParent != nil)
    row?.dispatch(Rename(title: "kept"))
    #expect(row?.title == "kept")
    row = nil
    #expect(weakRow == nil)
    #expect(weakParent == nil)
  }
}
