import Foundation
import Observation
import ReduxCore
import ReduxUI
import Testing

@Suite("ScopePath: scoping into a collection", .timeLimit(.minutes(1)))
@MainActor
struct ScopePathTests {
  @Test("a row scoped by index follows its row by id when rows are inserted before it")
  func followsItsRow() {
    let (model, _) = makeTodoList()
    let second = model.scope(\.todos[1])
    #expect(second.title == "todo 2")
    model.dispatch(InsertTodo(todo: Todo(id: 9, title: "new"), index: 0))
    #expect(second.title == "todo 2")
    model.dispatch(ElementAction<Todo>(id: 2, action: Rename(title: "renamed")))
    #expect(second.title == "renamed")
    #expect(model.scope(\.todos[2]) === second)
  }

  @Test("a row scoped by index that is removed keeps its last value, publishes nothing, no crash")
  func removedRowKeepsItsLastValue() {
    let (model, store) = makeTodoList()
    let last = model.scope(\.todos[2])
    let changes = tracking { _ = last.title }
    // Index 2 is out of range from here on: a plain key path would stop the program.
    model.dispatch(RemoveTodo(id: 3))
    model.dispatch(SetFilter(filter: "done"))
    #expect(store.state.todos.count == 2)
    #expect(last.title == "todo 3")
    #expect(changes.values.isEmpty)
    // Its actions still reach the store as they are.
    last.dispatch(SetFilter(filter: "all"))
    #expect(store.state.filter == "all")
    #expect(last.title == "todo 3")
  }

  @Test("after a removal, scoping the same index gives the row now there; the old child stays")
  func sameIndexAfterRemoval() {
    let (model, _) = makeTodoList()
    let second = model.scope(\.todos[1])
    model.dispatch(RemoveTodo(id: 2))
    let again = model.scope(\.todos[1])
    #expect(again !== second)
    #expect(again.title == "todo 3")
    #expect(second.title == "todo 2")
  }

  @Test("a removed row whose id comes back is followed again by the same view store")
  func returningRow() {
    let (model, _) = makeTodoList()
    let last = model.scope(\.todos[2])
    model.dispatch(RemoveTodo(id: 3))
    let changes = tracking { _ = last.title }
    model.dispatch(AppendTodo(todo: Todo(id: 3, title: "back")))
    #expect(last.title == "back")
    #expect(changes.values.count == 1)
    #expect(model.scope(\.todos[2]) === last)
  }

  @Test("a path through a row to one of its fields survives the row's removal")
  func fieldOfARemovedRow() {
    let (model, _) = makeTodoList()
    let title = model.scope(\.todos[0].title)
    #expect(title.state == "todo 1")
    model.dispatch(ElementAction<Todo>(id: 1, action: Rename(title: "first")))
    #expect(title.state == "first")
    model.dispatch(RemoveTodo(id: 1))
    #expect(title.state == "first")
  }

  @Test("values without identity are scoped by position and keep their last value while it is gone")
  func byPosition() {
    let (model, _) = makeTodoList()
    let third = model.scope(\.scores[2])
    #expect(third.state == 30)
    let changes = tracking { _ = third.state }
    model.dispatch(RemoveLastScore())
    #expect(third.state == 30)
    #expect(changes.values.isEmpty)
    model.dispatch(AppendScore(score: 99))
    #expect(third.state == 99)
    #expect(changes.values.count == 1)
    model.dispatch(SetScore(index: 0, score: 1))
    #expect(model.scope(\.scores[2]) === third)
  }

  @Test("scoping an index with no element stops with a message that names the fix")
  func missingIndex() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let (model, _) = makeTodoList()
        _ = model.scope(\.todos[5])
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("no element at 5"))
    #expect(message.contains("scope(each:)"))
  }
}
