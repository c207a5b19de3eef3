import Clocks
import Foundation
import ReduxCommand
import ReduxCore
import ReduxTesting
import SyncUpsFeature
import Testing

let meetingDate = Date(timeIntervalSince1970: 1_700_000_000)

/// The id the example's generator gives `n`th.
func id(_ n: Int) -> UUID {
  UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))!
}

/// A sync-up of three attendees, two seconds each: a six-second meeting. Its ids are 100 on, so
/// that ids the app makes start from 0.
func designSyncUp(meetings: [Meeting] = []) -> SyncUp {
  SyncUp(
    id: id(100),
    attendees: [
      Attendee(id: id(101), name: "Blob"), Attendee(id: id(102), name: "Blob Jr"),
      Attendee(id: id(103), name: "Blob Sr"),
    ],
    duration: .seconds(6), meetings: meetings, title: "Design")
}

func environment(clock: some Clock<Duration> = TestClock(), speech: SpeechClient = .denied)
  -> SyncUpsEnvironment
{
  let ids = IncrementingUUID()
  return SyncUpsEnvironment(clock: clock, speech: speech, uuid: { ids() }, now: { meetingDate })
}

/// The app's store, as the example builds it, wrapped for exhaustive testing.
@MainActor
func makeStore(
  _ state: AppState = AppState(syncUps: [designSyncUp()]), clock: TestClock<Duration> = TestClock(),
  speech: SpeechClient = .denied
) -> TestStore<AppState> {
  TestStore(
    Store(
      initialState: state,
      commandReducer: syncUpsReducer(environment(clock: clock, speech: speech))))
}

/// An action for the detail screen `id`.
func detail(_ id: StackElementID, _ action: any Action) -> StackAction<AppScreen> {
  .element(id: id, action: ChildAction<SyncUpDetail>(action))
}

/// An action for the record screen `id`.
func record(_ id: StackElementID, _ action: any Action) -> StackAction<AppScreen> {
  .element(id: id, action: ChildAction<RecordMeeting>(action))
}

/// Changes the record screen `id` of `path` in place.
func updateRecord(
  _ path: inout StackState<Screen>, _ id: StackElementID, _ body: (inout RecordLocal) -> Void
) {
  _ = path.updateElement(id: id) { EnumCase.record.modify(&$0, body) }
}

/// Changes the detail screen `id` of `path` in place.
func updateDetail(
  _ path: inout StackState<Screen>, _ id: StackElementID, _ body: (inout DetailLocal) -> Void
) {
  _ = path.updateElement(id: id) { EnumCase.detail.modify(&$0, body) }
}
