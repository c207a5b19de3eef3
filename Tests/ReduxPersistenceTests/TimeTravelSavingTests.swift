import Clocks
import Foundation
import ReduxCore
import ReduxDevTools
import ReduxPersistence
import Testing

/// The data loss found by the SyncUps port: skipping step 1 in the live inspector saved the
/// recomputed, empty list over the user's file. Only states the user reached are saved.
@Suite("Nothing is saved while the store is time travelling", .timeLimit(.minutes(1)))
struct TimeTravelSavingTests {
  let folder: TemporaryFolder
  let clock = TestClock()
  let devTools = DevTools(reducer: counterReducer)
  let store: Store<Counter>
  let persistence: StatePersistence<Counter>
  var file: URL { folder.url.appendingPathComponent("counter.json") }

  init() throws {
    folder = try TemporaryFolder()
    store = Store(
      initialState: Counter(), reducer: counterReducer, middleware: [devTools.middleware])
    persistence = StatePersistence(
      storage: .file(folder.url.appendingPathComponent("counter.json")), version: 1,
      debounce: .seconds(1), clock: clock)
  }

  /// What the file holds once every pending save has run.
  func saved() async throws -> Counter? {
    await clock.advance(by: .seconds(2))
    try await persistence.flush()
    return try persistence.restore()
  }

  /// Increments twice, live: the file holds the count 2 the user reached.
  func reachTwoStates() async throws -> Subscription {
    let saving = persistence.persist(store, part: { $0 })
    store.dispatch(Increment())
    store.dispatch(Increment())
    #expect(try await saved() == Counter(count: 2))
    return saving
  }

  @Test("skipping an action leaves the file as it was; including it again saves nothing new")
  func skip() async throws {
    let saving = try await reachTwoStates()
    devTools.skip(step: 1)
    #expect(store.state.count == 1)
    #expect(store.isTimeTravelling)
    #expect(try await saved() == Counter(count: 2))

    devTools.include(step: 1)
    #expect(!store.isTimeTravelling)
    #expect(try await saved() == Counter(count: 2))
    saving.cancel()
  }

  @Test("a past step is not saved; the jump back to the latest is, as is a commit")
  func jumpAndCommit() async throws {
    let saving = try await reachTwoStates()
    devTools.jump(toStep: 0)
    #expect(store.state.count == 0)
    #expect(try await saved() == Counter(count: 2))

    devTools.jumpToLatest()
    #expect(!store.isTimeTravelling)
    #expect(try await saved() == Counter(count: 2))

    // A commit keeps the shown state on purpose: it is the user's now, and saved.
    devTools.jump(toStep: 1)
    #expect(try await saved() == Counter(count: 2))
    devTools.commit()
    #expect(!store.isTimeTravelling)
    #expect(try await saved() == Counter(count: 1))
    saving.cancel()
  }

  @Test("an action dispatched in the past starts a branch whose states are the user's")
  func branch() async throws {
    let saving = try await reachTwoStates()
    devTools.jump(toStep: 1)
    store.dispatch(SetStep(step: 10))
    #expect(!store.isTimeTravelling)
    #expect(try await saved() == Counter(count: 1, step: 10))
    saving.cancel()
  }

  @Test("while locked nothing is saved; a loaded recording is saved only once committed")
  func lockAndLoad() async throws {
    let saving = try await reachTwoStates()
    devTools.isLocked = true
    #expect(store.isTimeTravelling)
    devTools.jump(toStep: 0)
    devTools.isLocked = false
    #expect(store.isTimeTravelling)  // still at step 0
    #expect(try await saved() == Counter(count: 2))
    devTools.jumpToLatest()

    var other = Counter()
    other.count = 40
    devTools.load(
      Recording(
        initialState: other,
        entries: [RecordedAction(action: Increment(), state: Counter(count: 41), timestamp: .now)]))
    #expect(store.state.count == 41)
    #expect(store.isTimeTravelling)
    #expect(try await saved() == Counter(count: 2))
    devTools.commit()
    #expect(try await saved() == Counter(count: 41))
    saving.cancel()
  }

  @Test("a recording replayed into a persisted store saves none of its states")
  func replay() async throws {
    let replayStore = Store(initialState: Counter(), reducer: counterReducer)
    let saving = persistence.persist(replayStore, part: { $0 })
    let recording = Recording(
      initialState: Counter(),
      entries: [RecordedAction(action: Increment(), state: Counter(count: 1), timestamp: .now)])
    #expect(recording.replay(into: replayStore).divergence == nil)
    #expect(!replayStore.isTimeTravelling)
    #expect(try await saved() == nil)
    replayStore.dispatch(Increment())
    #expect(try await saved() == Counter(count: 2))
    saving.cancel()
  }

  @Test("a PersistedState part is not saved during travel either")
  func persistedStateSkipsTravel() async throws {
    let persisted = PersistedState<Counter>(.part("counter", at: \.count, intPersistence()))
    let saving = persisted.persist(store)
    store.dispatch(Increment())
    await clock.advance(by: .seconds(2))
    #expect(await persisted.flush().isEmpty)
    devTools.skip(step: 1)
    await clock.advance(by: .seconds(2))
    #expect(await persisted.flush().isEmpty)
    #expect(persisted.restore(into: Counter()).state.count == 1)
    saving.cancel()
  }

  func intPersistence() -> StatePersistence<Int> {
    StatePersistence(
      storage: .file(folder.url.appendingPathComponent("count.json")), version: 1,
      debounce: .seconds(1), clock: clock)
  }
}
