import Clocks
import Foundation
import ReduxCore
import ReduxTesting
import SyncUpsFeature
import Testing

@MainActor
@Suite("SyncUps: the detail screen edits and deletes the list's sync-up")
struct DetailTests {
  let screen = StackElementID(0)

  func storeOnDetail() async -> TestStore<AppState> {
    let store = makeStore()
    await store.send(StackAction<AppScreen>.push(.detail(designSyncUp()))) {
      $0.path.append(.detail(DetailLocal(entityID: id(100))))
    }
    return store
  }

  @Test("editing: done writes the draft into the list's sync-up, with no copy-back")
  func edit() async {
    let store = await storeOnDetail()
    await store.send(detail(screen, EditTapped())) {
      updateDetail(&$0.path, screen) { $0.editing = SyncUpForm(draft: designSyncUp()) }
    }
    await store.send(
      detail(screen, ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.title, "Design review")))
    ) {
      updateDetail(&$0.path, screen) { $0.editing?.draft.title = "Design review" }
    }
    await store.send(detail(screen, DoneEditing())) {
      updateDetail(&$0.path, screen) { $0.editing = nil }
      $0.syncUps[0].title = "Design review"
    }
  }

  @Test("cancelling the edit leaves the sync-up as it was")
  func cancelEdit() async {
    let store = await storeOnDetail()
    await store.send(detail(screen, EditTapped())) {
      updateDetail(&$0.path, screen) { $0.editing = SyncUpForm(draft: designSyncUp()) }
    }
    await store.send(detail(screen, ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.title, "Gone"))))
    {
      updateDetail(&$0.path, screen) { $0.editing?.draft.title = "Gone" }
    }
    await store.send(detail(screen, CancelEditing())) {
      updateDetail(&$0.path, screen) { $0.editing = nil }
    }
    #expect(store.state.syncUps == [designSyncUp()])
  }

  @Test("deleting asks first; confirmed, the list removes the sync-up and the screen pops")
  func delete() async {
    let store = await storeOnDetail()
    await store.send(detail(screen, DeleteTapped())) {
      updateDetail(&$0.path, screen) { $0.isConfirmingDelete = true }
    }
    await store.send(detail(screen, CancelDelete())) {
      updateDetail(&$0.path, screen) { $0.isConfirmingDelete = false }
    }
    await store.send(detail(screen, DeleteTapped())) {
      updateDetail(&$0.path, screen) { $0.isConfirmingDelete = true }
    }
    await store.send(detail(screen, ConfirmDelete())) {
      $0.syncUps = []
      $0.path = StackState()
    }
  }

  @Test("navigation: the detail and record screens push and pop; a popped meeting's timer ends")
  func pushAndPop() async {
    let clock = TestClock<Duration>()
    let store = makeStore(clock: clock)
    await store.send(StackAction<AppScreen>.push(.detail(designSyncUp()))) {
      $0.path.append(.detail(DetailLocal(entityID: id(100))))
    }
    await store.send(StackAction<AppScreen>.push(.record(designSyncUp()))) {
      $0.path.append(.record(RecordLocal(entityID: id(100))))
    }
    let recordScreen = StackElementID(1)
    await store.send(record(recordScreen, RecordAppeared()))
    await store.send(StackAction<AppScreen>.popFrom(id: recordScreen)) {
      $0.path.pop(from: recordScreen)
    }
    await clock.advance(by: .seconds(10))
    await store.send(StackAction<AppScreen>.popFrom(id: screen)) { $0.path = StackState() }
    await store.finish()
  }
}
