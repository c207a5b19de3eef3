import Foundation
import ReduxCore
import ReduxDevTools
import Testing

@Suite("Replay")
struct ReplayTests {
  @Test("replaying into a fresh store reproduces every recorded state, state by state")
  func replayReproducesEveryState() {
    let (store, devTools) = makeStore()
    let actions: [any Action] = [
      Increment(), SetStep(step: 3), Note(text: "a"), Increment(), Decrement(), Note(text: "b"),
    ]
    for action in actions { store.dispatch(action) }
    let recording = devTools.recording

    let fresh = Store(initialState: recording.initialState, reducer: counterReducer)
    let replayed = Collected<Counter>()
    let subscription = fresh.subscribe { replayed.append($0) }
    let report = recording.replay(into: fresh)
    subscription.cancel()

    #expect(report.isExact)
    #expect(report.matchedSteps == 7)
    #expect(replayed.all == recording.states)
  }

  @Test("a changed reducer is reported at the first step that differs")
  func reportsFirstDivergence() throws {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(SetStep(step: 3))
    store.dispatch(Increment())
    store.dispatch(Increment())
    let changed = Reducer<Counter>
      .on(Increment.self) { state, _ in state.count += state.step == 3 ? 2 : state.step }
      .on(SetStep.self) { state, action in state.step = action.step }

    let report = devTools.recording.replay(reducer: changed)
    let divergence = try #require(report.divergence)
    #expect(divergence.step == 3)
    #expect(divergence.actionType == "Increment")
    #expect(divergence.recorded.count == 4)
    #expect(divergence.replayed.count == 3)
    #expect(report.matchedSteps == 3)
  }

  @Test("a store that does not start at the initial state diverges at step 0")
  func wrongStartDiverges() throws {
    let recording = Recording(initialState: Counter())
    let store = Store(initialState: Counter(count: 5), reducer: counterReducer)
    let divergence = try #require(recording.replay(into: store).divergence)
    #expect(divergence.step == 0)
    #expect(divergence.actionType == nil)
  }

  @Test("skipped entries are not replayed")
  func skippedEntriesAreNotReplayed() {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(Increment())
    devTools.skip(step: 1)
    #expect(devTools.recording.replay(reducer: counterReducer).isExact)
  }

  @Test("an imported recording replays exactly")
  func importedRecordingReplays() throws {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(Note(text: "x"))
    let text = try devTools.recording.jsonLines(registry: counterRegistry)
    let imported = try Recording<Counter>(jsonLines: text, registry: counterRegistry)
    #expect(imported.replay(reducer: counterReducer).isExact)
  }
}
