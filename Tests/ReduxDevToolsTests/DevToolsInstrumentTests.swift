import Foundation
import ReduxCore
import ReduxDevTools
import Testing

@Suite("DevTools instrument operations")
struct DevToolsInstrumentTests {
  /// A store with four recorded actions: count 1, step 10, count 11, count 1.
  func recordedStore() -> (Store<Counter>, DevTools<Counter>) {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(SetStep(step: 10))
    store.dispatch(Increment())
    store.dispatch(Decrement())
    return (store, devTools)
  }

  @Test("steps name the same action everywhere: jump, skip, the recording and the page")
  func oneCountingBase() throws {
    let (store, devTools) = recordedStore()
    devTools.jump(toStep: 2)
    #expect(store.state == Counter(count: 1, step: 10))
    #expect(devTools.recording.state(atStep: 2) == store.state)
    devTools.jumpToLatest()

    devTools.skip(step: 2)  // the action whose result step 2 shows: SetStep(10)
    #expect(devTools.recording.entries.map(\.isSkipped) == [false, true, false, false])
    #expect(store.state == Counter(count: 1, step: 1))

    let page = try SessionPage(jsonLines: devTools.recording.jsonLines(registry: counterRegistry))
    #expect(
      page.html.contains(#"<li class="card entry skipped" id="action-2" data-type="SetStep""#))
    #expect(page.html.contains(#"<span class="index">#2</span><span class="type">SetStep"#))
  }

  @Test("skipping a range recomputes once; including it restores; the rest of a range is ignored")
  func skipRange() {
    let (store, devTools) = recordedStore()
    devTools.skip(steps: 2...3)
    #expect(devTools.recording.entries.map(\.isSkipped) == [false, true, true, false])
    #expect(store.state == Counter(count: 0, step: 1))
    devTools.include(steps: 0...99)
    #expect(devTools.recording.entries.map(\.isSkipped) == [false, false, false, false])
    #expect(store.state == Counter(count: 1, step: 10))
    devTools.skip(steps: 5...9)
    #expect(devTools.recording.entries.allSatisfy { !$0.isSkipped })
  }

  @Test("sweeping removes the skipped actions and keeps the shown state")
  func sweepRemovesSkipped() {
    let (store, devTools) = recordedStore()
    devTools.skip(step: 1)
    devTools.skip(step: 3)
    devTools.jump(toStep: 4)
    let shown = store.state
    devTools.sweep()
    #expect(devTools.recording.entries.map(\.actionType) == ["SetStep", "Decrement"])
    #expect(devTools.currentStep == 2)
    #expect(store.state == shown)
    #expect(devTools.recording.replay(reducer: counterReducer).isExact)
  }

  @Test("moving an action reorders the history and recomputes the states after it")
  func moveReorders() {
    let (store, devTools) = recordedStore()
    devTools.move(step: 2, toStep: 4)  // SetStep(10) last
    #expect(
      devTools.recording.entries.map(\.actionType)
        == ["Increment", "Increment", "Decrement", "SetStep"])
    #expect(devTools.recording.entries.map(\.state.count) == [1, 2, 1, 1])
    #expect(store.state == Counter(count: 1, step: 10))
    #expect(devTools.recording.replay(reducer: counterReducer).isExact)

    devTools.move(step: 9, toStep: 1)  // not a kept action: nothing changes
    #expect(devTools.recording.entries.map(\.state.count) == [1, 2, 1, 1])
  }

  @Test("replacing the reducer recomputes the history and reduces later actions with it")
  func replaceReducerRecomputes() {
    let (store, devTools) = recordedStore()
    let doubling = Reducer<Counter>
      .on(Increment.self) { state, _ in state.count += 2 * state.step }
      .on(Decrement.self) { state, _ in state.count -= state.step }
      .on(SetStep.self) { state, action in state.step = action.step }
    devTools.replaceReducer(doubling)
    #expect(devTools.recording.entries.map(\.state.count) == [2, 2, 22, 12])
    #expect(store.state.count == 12)
    store.dispatch(Increment())
    #expect(store.state.count == 32)
    #expect(devTools.recording.replay(reducer: doubling).isExact)
  }

  @Test("importing bare actions reduces them from the base state")
  func loadBareActions() {
    let (store, devTools) = makeStore()
    store.dispatch(SetStep(step: 3))
    devTools.commit()
    devTools.load(actions: [Increment(), Increment(), Decrement()])
    #expect(devTools.recording.entries.map(\.state.count) == [3, 6, 3])
    #expect(store.state == Counter(count: 3, step: 3))
    devTools.jump(toStep: 2)
    #expect(store.state.count == 6)
  }

  @Test("changing the capacity at run time folds the oldest entries and bounds the new ones")
  func changeCapacity() {
    let (store, devTools) = recordedStore()
    devTools.jump(toStep: 3)
    devTools.setCapacity(2)
    #expect(devTools.capacity == 2)
    #expect(devTools.recording.initialState == Counter(count: 1, step: 10))
    #expect(devTools.recording.entries.map(\.state.count) == [11, 1])
    #expect(devTools.currentStep == 1)
    #expect(store.state.count == 11)

    devTools.jumpToLatest()
    devTools.setCapacity(3)
    for _ in 0..<5 { store.dispatch(Increment()) }
    #expect(devTools.recording.entries.map(\.state.count) == [31, 41, 51])
  }

  @Test("while changes are locked every action is dropped and counted; time travel still works")
  func lockChanges() {
    let (store, devTools) = recordedStore()
    devTools.isLocked = true
    store.dispatch(Increment())
    store.dispatch(Increment())
    #expect(store.state == Counter(count: 1, step: 10))
    #expect(devTools.recording.entries.count == 4)
    #expect(devTools.ignoredWhileLocked == 2)
    devTools.jump(toStep: 1)
    #expect(store.state == Counter(count: 1, step: 1))

    devTools.isLocked = false
    devTools.jumpToLatest()
    store.dispatch(Increment())
    #expect(store.state.count == 11)
  }
}
