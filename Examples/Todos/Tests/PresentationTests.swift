import Clocks
import IdentifiedCollections
import ReduxCommand
import ReduxCore
import ReduxTesting
import Testing
import TodosFeature

@MainActor
@Suite("Todos example: the presented detail screen", .timeLimit(.minutes(1)))
struct PresentationTests {
  @Test("saving the detail updates the list after the screen, then the screen dismisses itself")
  func savesAndDismissesItself() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, titles: ["Buy milk", "Call Ada"])
    await store.send(ShowDetail(id: 0)) { $0.detail = Detail(Todo(id: 0, title: "Buy milk")) }
    await store.send(ChildAction<Detail>(BindingAction.set(\Detail.draft, "Buy oat milk"))) {
      $0.detail?.draft = "Buy oat milk"
    }
    await store.send(ChildAction<Detail>(SaveDraft())) { $0.detail?.isSaving = true }
    await clock.advance(by: .seconds(1))
    await store.receive(isDetail(DraftSaved.self)) {
      $0.detail?.isSaving = false
      $0.todos[id: 0]?.title = "Buy oat milk"
    }
    await store.receive(isDetail(Dismiss.self)) { $0.detail = nil }
    await store.finish()
  }

  @Test("dismissing the detail from the list cancels its save")
  func dismissCancelsTheSave() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, titles: ["Buy milk"])
    await store.send(ShowDetail(id: 0)) { $0.detail = Detail(Todo(id: 0, title: "Buy milk")) }
    let save = await store.send(ChildAction<Detail>(SaveDraft())) { $0.detail?.isSaving = true }
    await store.send(ChildAction<Detail>.dismiss) { $0.detail = nil }
    await save.finish()
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test("deleting the todo closes its detail screen and cancels the screen's save")
  func deletingClosesTheDetail() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, titles: ["Buy milk", "Call Ada"])
    await store.send(ShowDetail(id: 1)) { $0.detail = Detail(Todo(id: 1, title: "Call Ada")) }
    let save = await store.send(ChildAction<Detail>(SaveDraft())) { $0.detail?.isSaving = true }
    await store.send(DeleteTodo(id: 1)) {
      $0.todos.remove(id: 1)
      $0.detail = nil
    }
    await save.finish()
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test("an action for the detail after it was dismissed fails the step with a runtime warning")
  func staleDetailAction() async {
    let store = makeStore(clock: TestClock(), titles: ["Buy milk"])
    await store.send(ShowDetail(id: 0)) { $0.detail = Detail(Todo(id: 0, title: "Buy milk")) }
    await store.send(ChildAction<Detail>.dismiss) { $0.detail = nil }
    await withKnownIssue {
      await store.send(ChildAction<Detail>(BindingAction.set(\Detail.draft, "Too late")))
    } matching: { issue in
      message(of: issue).hasPrefix(
        "The reducer reported a runtime warning: ifLet at \\TodoList.detail got "
          + "binding(\\Detail.draft, \"Too late\") (in ChildAction<Detail>) while the child is nil")
    }
    await store.finish()
  }
}
