import Foundation
import ReduxCore
import ReduxTesting
import SyncUpsFeature
import Testing

@MainActor
@Suite("SyncUps: the list and its add sheet")
struct ListTests {
  @Test("adding a sync-up: the sheet's draft joins the list, blank attendees left out")
  func add() async {
    let store = makeStore(AppState())
    await store.send(AddSyncUpTapped()) {
      $0.adding = SyncUpForm(draft: SyncUp(id: id(0), attendees: [Attendee(id: id(1))]))
    }
    await store.send(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.title, "Engineering"))) {
      $0.adding?.draft.title = "Engineering"
    }
    await store.send(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.attendees[0].name, "Blob"))) {
      $0.adding?.draft.attendees[0].name = "Blob"
    }
    await store.send(ChildAction<SyncUpForm>(AddAttendee())) {
      $0.adding?.draft.attendees.append(Attendee(id: id(2)))
    }
    await store.send(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.duration, .seconds(600)))) {
      $0.adding?.draft.duration = .seconds(600)
    }
    await store.send(ConfirmAddSyncUp()) {
      $0.adding = nil
      $0.syncUps = [
        SyncUp(
          id: id(0), attendees: [Attendee(id: id(1), name: "Blob")], duration: .seconds(600),
          title: "Engineering")
      ]
    }
  }

  @Test("discarding the sheet adds nothing")
  func discard() async {
    let store = makeStore(AppState())
    await store.send(AddSyncUpTapped()) {
      $0.adding = SyncUpForm(draft: SyncUp(id: id(0), attendees: [Attendee(id: id(1))]))
    }
    await store.send(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.title, "Engineering"))) {
      $0.adding?.draft.title = "Engineering"
    }
    await store.send(ChildAction<SyncUpForm>.dismiss) { $0.adding = nil }
    #expect(store.state.syncUps.isEmpty)
  }

  @Test("removing the last attendee leaves one empty row, as the form always has someone")
  func removeLastAttendee() async {
    let store = makeStore(AppState())
    await store.send(AddSyncUpTapped()) {
      $0.adding = SyncUpForm(draft: SyncUp(id: id(0), attendees: [Attendee(id: id(1))]))
    }
    await store.send(ChildAction<SyncUpForm>(RemoveAttendee(0))) {
      $0.adding?.draft.attendees = [Attendee(id: id(2))]
    }
  }
}
