import Foundation
import ReduxCore
import ReduxDevTools
import Testing

@Suite("DevTools recording")
struct DevToolsRecordingTests {
  @Test("records each action with the state after it and a timestamp")
  func recordsActionsAndStates() {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(SetStep(step: 5))
    store.dispatch(Increment())

    let recording = devTools.recording
    #expect(recording.initialState == Counter())
    #expect(recording.entries.map(\.actionType) == ["Increment", "SetStep", "Increment"])
    #expect(recording.entries.map(\.state.count) == [1, 1, 6])
    #expect(recording.entries.map(\.state.step) == [1, 5, 5])
    #expect(
      recording.entries.map(\.timestamp.timeIntervalSince1970)
        == [1_700_000_000, 1_700_000_001, 1_700_000_002])
  }

  @Test("keeps only the last capacity entries and folds older ones into the base state")
  func historyIsBounded() {
    let (store, devTools) = makeStore(capacity: 3)
    for _ in 0..<10 { store.dispatch(Increment()) }

    let recording = devTools.recording
    #expect(recording.entries.count == 3)
    #expect(recording.initialState.count == 7)
    #expect(recording.entries.map(\.state.count) == [8, 9, 10])
  }

  @Test("records nothing while recording is off, and resumes when it is back on")
  func recordingCanBePaused() {
    let (store, devTools) = makeStore(isRecording: false)
    store.dispatch(Increment())
    #expect(devTools.recording.entries.isEmpty)
    #expect(store.state.count == 1)

    devTools.isRecording = true
    store.dispatch(Increment())
    #expect(devTools.recording.entries.map(\.state.count) == [2])
  }

  @Test("records the actions the reducer receives after earlier middleware replaced them")
  func recordsWhatTheReducerSees() {
    let doubler = Middleware<Counter> { _, action, next in
      if action is Increment { next(SetStep(step: 2)) }
      next(action)
    }
    let (store, devTools) = makeStore(middleware: [doubler])
    store.dispatch(Increment())
    #expect(devTools.recording.entries.map(\.actionType) == ["SetStep", "Increment"])
    #expect(devTools.recording.replay(reducer: counterReducer).isExact)
  }

  @Test("records actions dispatched from many threads, each once, with consistent states")
  func recordsConcurrentDispatches() async {
    let (store, devTools) = makeStore(capacity: 1_000)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<50 { store.dispatch(Increment()) } }
      }
    }
    let recording = devTools.recording
    #expect(recording.entries.map(\.state.count) == Array(1...400))
    #expect(recording.replay(reducer: counterReducer).isExact)
  }
}
