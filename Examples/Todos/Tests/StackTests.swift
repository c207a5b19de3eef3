import Clocks
import IdentifiedCollections
import ReduxCommand
import ReduxCore
import ReduxTesting
import Testing
import TodosFeature

@MainActor
@Suite("Todos example: the navigation stack", .timeLimit(.minutes(1)))
struct StackTests {
  @Test("pop to a screen cancels the work of the screens above it; the screen's own work ends")
  func popToCancelsScreensAbove() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, titles: ["Buy milk", "Call Ada"])
    let (bottom, middle, top) = (StackElementID(0), StackElementID(1), StackElementID(2))
    await store.send(PushStats()) { $0.path.append(.stats(Stats(total: 2, done: 0))) }
    let keptExport = await store.send(
      StackAction<Screen>.element(id: bottom, action: ChildAction<Stats>(Export()))
    ) { updateStats(&$0.path, id: bottom) { $0.isExporting = true } }
    await store.send(PushDetail(id: 0)) {
      $0.path.append(.detail(Detail(Todo(id: 0, title: "Buy milk"))))
    }
    await store.send(PushStats()) { $0.path.append(.stats(Stats(total: 2, done: 0))) }
    let poppedExport = await store.send(
      StackAction<Screen>.element(id: top, action: ChildAction<Stats>(Export()))
    ) { updateStats(&$0.path, id: top) { $0.isExporting = true } }
    #expect(store.state.path.ids == [bottom, middle, top])

    await store.send(StackAction<Screen>.popTo(id: bottom)) { $0.path.pop(to: bottom) }
    await poppedExport.finish()
    await clock.advance(by: .seconds(1))
    await store.receive(isScreen(bottom, Stats.self, Exported.self)) {
      updateStats(&$0.path, id: bottom) {
        $0.isExporting = false
        $0.exportedTo = "exports/todos.txt (2 todos, 0 done)"
      }
    }
    await keptExport.finish()
    await store.send(StackAction<Screen>.popFrom(id: bottom)) { $0.path.pop(from: bottom) }
    #expect(store.state.path.isEmpty)
    await store.finish()
  }

  @Test("popping a screen while its export runs cancels the export: nothing comes back")
  func popFromCancels() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, titles: ["Buy milk"])
    let screen = StackElementID(0)
    await store.send(PushStats()) { $0.path.append(.stats(Stats(total: 1, done: 0))) }
    let export = await store.send(
      StackAction<Screen>.element(id: screen, action: ChildAction<Stats>(Export()))
    ) { updateStats(&$0.path, id: screen) { $0.isExporting = true } }
    await store.send(StackAction<Screen>.popFrom(id: screen)) { $0.path.pop(from: screen) }
    await export.finish()
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test("a detail screen on the stack saves, the list takes the title, and the screen pops")
  func detailOnTheStackPopsItself() async {
    let clock = TestClock()
    let store = makeStore(clock: clock, titles: ["Buy milk"])
    let screen = StackElementID(0)
    await store.send(PushDetail(id: 0)) {
      $0.path.append(.detail(Detail(Todo(id: 0, title: "Buy milk"))))
    }
    await store.send(
      StackAction<Screen>.element(
        id: screen, action: ChildAction<Detail>(BindingAction.set(\Detail.draft, "Oat milk")))
    ) { updateDetail(&$0.path, id: screen) { $0.draft = "Oat milk" } }
    await store.send(
      StackAction<Screen>.element(id: screen, action: ChildAction<Detail>(SaveDraft()))
    ) { updateDetail(&$0.path, id: screen) { $0.isSaving = true } }
    await clock.advance(by: .seconds(1))
    await store.receive(isScreen(screen, Detail.self, DraftSaved.self)) {
      updateDetail(&$0.path, id: screen) { $0.isSaving = false }
      $0.todos[id: 0]?.title = "Oat milk"
    }
    await store.receive(isScreenDismiss(screen)) { $0.path.pop(from: screen) }
    await store.finish()
  }

  @Test("an action for a popped screen fails the step with a runtime warning")
  func stalePoppedScreenAction() async {
    let store = makeStore(clock: TestClock())
    let screen = StackElementID(0)
    await store.send(PushStats()) { $0.path.append(.stats(Stats(total: 0, done: 0))) }
    await store.send(StackAction<Screen>.popFrom(id: screen)) { $0.path.pop(from: screen) }
    await withKnownIssue {
      await store.send(
        StackAction<Screen>.element(id: screen, action: ChildAction<Stats>(Export())))
    } matching: { issue in
      message(of: issue).contains("but no screen on the stack has id #0")
    }
    await store.finish()
  }
}
