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

@Suite("DevTools time travel")
struct TimeTravelTests {
  /// A store with three recorded actions: count 1, step 10, count 11.
  func recordedStore() -> (Store<Counter>, DevTools<Counter>) {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(SetStep(step: 10))
    store.dispatch(Increment())
    return (store, devTools)
  }

  @Test("jumping makes the store show a recorded state, and subscribers see it")
  func jumpShowsRecordedState() {
    let (store, devTools) = recordedStore()
    let seen = Collected<Int>()
    let subscription = store.subscribe(select: \.count) { seen.append($0) }

    devTools.jump(toStep: 1)
    #expect(store.state == Counter(count: 1, step: 1))
    #expect(devTools.currentStep == 1)
    devTools.jump(toStep: 0)
    #expect(store.state == Counter())
    devTools.jumpToLatest()
    #expect(store.state == Counter(count: 11, step: 10))
    #expect(devTools.currentStep == 3)
    #expect(seen.all == [11, 1, 0, 11])
    subscription.cancel()
  }

  @Test("time travel runs no middleware, so side effects see no replayed actions")
  func timeTravelDispatchesNothing() {
    let seen = Collected<String>()
    let spy = Middleware<Counter> { _, action, next in
      seen.append(String(describing: type(of: action)))
      next(action)
    }
    let (store, devTools) = makeStore(middleware: [spy])
    store.dispatch(Increment())
    store.dispatch(Increment())
    devTools.jump(toStep: 0)
    devTools.skip(0)
    devTools.jumpToLatest()
    devTools.reset()
    #expect(seen.all == ["Increment", "Increment"])
  }

  @Test("skipping an action recomputes the later states without it, and including it restores them")
  func skipRecomputes() {
    let (store, devTools) = recordedStore()
    devTools.skip(1)  // SetStep(10)
    #expect(store.state == Counter(count: 2, step: 1))
    #expect(devTools.recording.entries.map(\.state.count) == [1, 1, 2])
    #expect(devTools.recording.entries.map(\.isSkipped) == [false, true, false])

    devTools.include(1)
    #expect(store.state == Counter(count: 11, step: 10))
    #expect(devTools.recording.entries.map(\.state.count) == [1, 1, 11])
  }

  @Test("skipping while in the past keeps the store at that step, recomputed")
  func skipWhileJumped() {
    let (store, devTools) = recordedStore()
    devTools.jump(toStep: 2)
    devTools.skip(0)
    #expect(store.state == Counter(count: 0, step: 10))
    #expect(devTools.currentStep == 2)
  }

  @Test("an action dispatched in the past starts a new branch there")
  func dispatchInThePastBranches() {
    let (store, devTools) = recordedStore()
    devTools.jump(toStep: 1)
    store.dispatch(Decrement())
    #expect(store.state == Counter(count: 0, step: 1))
    #expect(devTools.recording.entries.map(\.actionType) == ["Increment", "Decrement"])
    #expect(devTools.currentStep == 2)
    #expect(devTools.recording.replay(reducer: counterReducer).isExact)
  }

  @Test("commit keeps the shown state as the new base and clears the history")
  func commitKeepsState() {
    let (store, devTools) = recordedStore()
    devTools.jump(toStep: 2)
    devTools.commit()
    #expect(store.state == Counter(count: 1, step: 10))
    #expect(devTools.recording.initialState == Counter(count: 1, step: 10))
    #expect(devTools.recording.entries.isEmpty)

    store.dispatch(Increment())
    devTools.rollback()
    #expect(store.state == Counter(count: 1, step: 10))
  }

  @Test("reset returns the store to its first state and clears the history")
  func resetReturnsToStart() {
    let (store, devTools) = recordedStore()
    devTools.commit()
    devTools.reset()
    #expect(store.state == Counter())
    #expect(devTools.recording.initialState == Counter())
    #expect(devTools.recording.entries.isEmpty)
  }

  @Test("a jump requested while the store is busy is applied after the work queued before it")
  func jumpIsOrderedWithQueuedWork() {
    let devToolsBox = Lock<DevTools<Counter>?>(nil)
    let jumper = Middleware<Counter> { context, action, next in
      next(action)
      if let note = action as? Note, note.text == "jump" {
        context.dispatch(Increment())  // queued before the jump
        devToolsBox.withLock { $0 }?.jump(toStep: 0)
      }
    }
    let (store, devTools) = makeStore(middleware: [jumper])
    devToolsBox.withLock { $0 = devTools }
    let seen = Collected<Counter>()
    let subscription = store.subscribe { seen.append($0) }
    store.dispatch(Note(text: "jump"))
    #expect(seen.all.map(\.count) == [0, 0, 1, 0])
    #expect(store.state == Counter())
    subscription.cancel()
  }

  @Test("skipping and including while other tasks dispatch ends with every action, exactly once")
  func timeTravelUnderConcurrentDispatch() async {
    let (store, devTools) = makeStore(capacity: 1_000)
    store.dispatch(Increment())
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<100 { store.dispatch(Increment()) } }
      }
      group.addTask {
        for _ in 0..<50 {
          devTools.skip(0)
          devTools.include(0)
        }
      }
    }
    #expect(store.state.count == 401)
    #expect(devTools.recording.entries.map(\.state.count) == Array(1...401))
    #expect(devTools.recording.replay(reducer: counterReducer).isExact)
  }

  @Test("loading an imported recording makes the store show its latest state")
  func loadImportedRecording() throws {
    let (source, sourceTools) = recordedStore()
    _ = source
    let (store, devTools) = makeStore()
    devTools.load(sourceTools.recording)
    #expect(store.state == Counter(count: 11, step: 10))
    devTools.jump(toStep: 1)
    #expect(store.state == Counter(count: 1, step: 1))
  }
}
