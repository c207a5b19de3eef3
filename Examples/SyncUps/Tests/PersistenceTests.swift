import Clocks
import Foundation
import ReduxCommand
import ReduxCore
import ReduxDevTools
import ReduxPersistence
import SyncUpsFeature
import Testing

/// The sync-ups file, as the app keeps it: loaded at launch, saved a second after a change, and
/// left alone while DevTools travels through the history.
@Suite("SyncUps: the sync-ups file", .timeLimit(.minutes(1)))
struct PersistenceTests {
  let folder: URL
  let clock = TestClock<Duration>()
  var file: URL { folder.appending(path: "sync-ups.json") }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appending(path: "syncups-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func persisted() -> PersistedState<AppState> { syncUpsPersistence(folder: folder, clock: clock) }

  /// The sync-ups in the file, once the pending save has run.
  func saved(_ persisted: PersistedState<AppState>) async -> [SyncUp] {
    await clock.advance(by: .seconds(2))
    #expect(await persisted.flush().isEmpty)
    return syncUpsPersistence(folder: folder, clock: clock).restore(into: AppState()).state.syncUps
  }

  @Test("a launch loads the saved sync-ups; a change is saved a second later")
  func loadAndSave() async throws {
    let first = persisted()
    #expect(first.restore(into: AppState()).state.syncUps.isEmpty)
    try StatePersistence<[SyncUp]>(storage: .file(file), version: 1).saveNow([designSyncUp()])

    let restored = persisted().restore(into: AppState())
    #expect(restored.errors.isEmpty)
    #expect(restored.state.syncUps == [designSyncUp()])

    let store = Store(
      initialState: restored.state, commandReducer: syncUpsReducer(environment(clock: clock)))
    let persisted = persisted()
    let saving = persisted.persist(store)
    store.dispatch(StackAction<AppScreen>.push(.detail(designSyncUp())))
    store.dispatch(
      StackAction<AppScreen>.element(
        id: StackElementID(0), action: ChildAction<SyncUpDetail>(ConfirmDelete())))
    #expect(await saved(persisted).isEmpty)
    saving.cancel()
  }

  @Test("a corrupt file: the app starts with no sync-ups, the error names the part and file")
  func corruptFile() throws {
    try Data("{\"state\": [".utf8).write(to: file)
    let restored = persisted().restore(into: AppState())
    #expect(restored.state.syncUps.isEmpty)
    let error = try #require(restored.errors.first)
    #expect(error.part == "syncUps")
    #expect(error.file == file)
    // Nothing is deleted: the file stays until a save keeps it aside.
    #expect(try Data(contentsOf: file) == Data("{\"state\": [".utf8))
  }

  @Test("a time-travel session (skip, jump, replay) leaves the saved file untouched")
  func timeTravelLeavesFileAlone() async throws {
    let reducer = syncUpsReducer(environment(clock: clock))
    let devTools = DevTools(
      reducer: Reducer<AppState> { state, action in _ = reducer(&state, action) })
    let store = Store(
      initialState: AppState(), commandReducer: reducer, middleware: [devTools.middleware])
    let persisted = persisted()
    let saving = persisted.persist(store)

    store.dispatch(AddSyncUpTapped())  // step 1
    store.dispatch(ChildAction<SyncUpForm>(SyncUpForm.set(\.draft.title, "Design")))  // step 2
    store.dispatch(ConfirmAddSyncUp())  // step 3
    let savedBefore = await saved(persisted)
    #expect(savedBefore.map(\.title) == ["Design"])
    let bytes = try Data(contentsOf: file)

    // The data loss the port found: skipping the step that added the sync-up showed an empty
    // list, and the empty list was saved over the file.
    devTools.skip(step: 3)
    #expect(store.state.syncUps.isEmpty)
    #expect(await saved(persisted) == savedBefore)
    devTools.jump(toStep: 0)
    #expect(await saved(persisted) == savedBefore)
    devTools.include(step: 3)
    devTools.jumpToLatest()
    #expect(!store.isTimeTravelling)
    #expect(await saved(persisted) == savedBefore)
    #expect(try Data(contentsOf: file) == bytes)

    // Replaying the session into another persisted store saves none of its states.
    let replayStore = Store(
      initialState: AppState(), commandReducer: syncUpsReducer(environment(clock: clock)))
    let replaySaving = persisted.persist(replayStore)
    _ = devTools.recording.replay(into: replayStore)
    #expect(replayStore.state.syncUps.map(\.title) == ["Design"])
    await clock.advance(by: .seconds(2))
    #expect(await persisted.flush().isEmpty)
    #expect(try Data(contentsOf: file) == bytes)
    replaySaving.cancel()
    saving.cancel()
  }
}
