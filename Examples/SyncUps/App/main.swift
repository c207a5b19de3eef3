// TCA's SyncUps app on swift-redux, driven headless: this program taps through the screens as a
// user would and prints what each step does. The list owns the sync-ups; the detail and record
// screens reach theirs by id, so an edit or a recorded meeting lands in the list with no
// copy-back code; the list is kept in sync-ups.json with ReduxPersistence, which writes nothing
// while DevTools travels through the history.
//
//   swift run SyncUps [folder]   (the folder for sync-ups.json; a new temporary one by default)
import Clocks
import Foundation
import ReduxCommand
import ReduxCore
import ReduxDevTools
import ReduxPersistence
import SyncUpsFeature

let folder =
  CommandLine.arguments.dropFirst().first.map { URL(filePath: $0) }
  ?? FileManager.default.temporaryDirectory.appending(path: "syncups-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let file = folder.appending(path: "sync-ups.json")

// Time is a test clock, so that a one-minute meeting takes no time; the recognizer is a fake.
let clock = TestClock()
let ids = IncrementingUUID()
let environment = SyncUpsEnvironment(
  clock: clock,
  speech: .hearing(["Yesterday I shipped the list.", "Today, the detail screen."]),
  uuid: { ids() }, now: { Date(timeIntervalSince1970: 1_700_000_000) })
let persisted = syncUpsPersistence(folder: folder, clock: clock)

/// Lets the clock run until `condition` holds: the meeting's timer and the debounced save wait
/// on it.
func runClock(until condition: () -> Bool) async {
  while !condition() {
    await clock.advance(by: .milliseconds(250))
    try? await Task.sleep(for: .milliseconds(1))
  }
}

/// Runs the debounced save and says what the file holds.
func save(_ store: Store<AppState>) async {
  await clock.advance(by: .seconds(2))
  for error in await persisted.flush() { print("  ! \(error)") }
  let saved = persisted.restore(into: AppState()).state.syncUps
  print("  sync-ups.json: \(saved.map { "“\($0.title)”, meetings: \($0.meetings.count)" })")
}

func launch(_ number: Int) -> AppState {
  let restored = persisted.restore(into: AppState())
  for error in restored.errors { print("  ! \(error)") }
  print("Launch \(number): restored \(restored.state.syncUps.count) sync-ups from \(file.path)")
  return restored.state
}

typealias DetailAction = ChildAction<SyncUpDetail>
typealias RecordAction = ChildAction<RecordMeeting>

/// Edit, type the title, Done: on the detail screen `detail`.
func rename(on detail: StackElementID, to title: String, in store: Store<AppState>) {
  store.dispatch(StackAction<AppScreen>.element(id: detail, action: DetailAction(EditTapped())))
  store.dispatch(
    StackAction<AppScreen>.element(
      id: detail,
      action: DetailAction(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.title, title)))))
  store.dispatch(StackAction<AppScreen>.element(id: detail, action: DetailAction(DoneEditing())))
}

// Launch 1: add a sync-up, edit it on its detail screen, record a meeting.
do {
  let store = Store(initialState: launch(1), commandReducer: syncUpsReducer(environment))
  let saving = persisted.persist(store)
  defer { saving.cancel() }

  print("\nThe user adds a sync-up in the sheet (a blank attendee row is left out):")
  store.dispatch(AddSyncUpTapped())
  store.dispatch(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.title, "Design")))
  store.dispatch(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.duration, .seconds(60))))
  store.dispatch(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.attendees[0].name, "Blob")))
  store.dispatch(ChildAction<SyncUpForm>(AddAttendee()))
  store.dispatch(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.attendees[1].name, "Blob Jr")))
  store.dispatch(ChildAction<SyncUpForm>(AddAttendee()))
  store.dispatch(ConfirmAddSyncUp())
  let added = store.state.syncUps[0]
  print(
    "  list: “\(added.title)”, \(added.attendees.map(\.name)), \(added.secondsPerAttendee) s each")
  await save(store)

  print("\nThe user opens it and renames it in the edit sheet:")
  store.dispatch(StackAction<AppScreen>.push(.detail(added)))
  let detail = store.state.path.ids[0]
  rename(on: detail, to: "Design review", in: store)
  print("  list: “\(store.state.syncUps[0].title)” (the detail screen edited the list's sync-up)")

  print("\nThe user starts a meeting; the timer runs a minute, 30 s per speaker:")
  store.dispatch(StackAction<AppScreen>.push(.record(store.state.syncUps[0])))
  let record = store.state.path.ids[1]
  /// Who speaks from when, while the record screen is on top.
  @Sendable func speakerLine(_ state: AppState) -> String? {
    guard let meeting = state[joining: \.path, in: \.syncUps].last,
      case .record(let record) = meeting.local
    else { return nil }
    let starts = record.speakerIndex * meeting.entity.secondsPerAttendee
    let name = meeting.entity.attendees[record.speakerIndex].name
    return "0:\(String(format: "%02d", starts)) \(name) speaks"
  }
  let speakers = store.subscribe(select: speakerLine) { line in
    if let line { print("  " + line) }
  }
  store.dispatch(StackAction<AppScreen>.element(id: record, action: RecordAction(RecordAppeared())))
  await runClock { store.state.path.count == 1 }
  speakers.cancel()
  let meeting = store.state.syncUps[0].meetings[0]
  print("  the meeting ended and was saved into the list's sync-up: “\(meeting.transcript)”")
  print("  stack: \(store.state.path.count) screen (the record screen popped itself)")
  await save(store)
}

// Launch 2: the same file, with DevTools: a skipped step changes the screen, not the file.
do {
  let reducer = syncUpsReducer(environment)
  // DevTools re-reduces skipped history with the state changes only; commands are not re-run.
  let devTools = DevTools(
    reducer: Reducer<AppState> { state, action in _ = reducer(&state, action) })
  print("")
  let store = Store(
    initialState: launch(2), commandReducer: reducer, middleware: [devTools.middleware])
  let saving = persisted.persist(store)
  defer { saving.cancel() }

  print("\nThe user renames the sync-up again:")
  store.dispatch(StackAction<AppScreen>.push(.detail(store.state.syncUps[0])))
  let detail = store.state.path.ids[0]
  rename(on: detail, to: "Design crit", in: store)
  await save(store)

  print("\nIn DevTools, the developer skips step 4 (Done) to see the screen without it:")
  devTools.skip(step: 4)
  print(
    "  the store shows “\(store.state.syncUps[0].title)”; time travelling: \(store.isTimeTravelling)"
  )
  await save(store)
  devTools.include(step: 4)
  print(
    "  step 4 included again: “\(store.state.syncUps[0].title)”; time travelling: \(store.isTimeTravelling)"
  )

  print("\nThe user deletes the sync-up: cancels once, then confirms:")
  store.dispatch(StackAction<AppScreen>.element(id: detail, action: DetailAction(DeleteTapped())))
  store.dispatch(StackAction<AppScreen>.element(id: detail, action: DetailAction(CancelDelete())))
  print("  cancelled: \(store.state.syncUps.count) sync-up")
  store.dispatch(StackAction<AppScreen>.element(id: detail, action: DetailAction(DeleteTapped())))
  store.dispatch(StackAction<AppScreen>.element(id: detail, action: DetailAction(ConfirmDelete())))
  print("  confirmed: \(store.state.syncUps.count) sync-ups, \(store.state.path.count) screens")
  await save(store)
}

// A folder made for this run goes; one passed in stays, with the file, for a look.
if CommandLine.arguments.count < 2 { try? FileManager.default.removeItem(at: folder) }
