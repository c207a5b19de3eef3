import Foundation
import ReduxCore
import ReduxDevTools
import ReduxSeam
import Testing

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
    devTools.skip(step: 1)
    devTools.jumpToLatest()
    devTools.reset()
    #expect(seen.all == ["Increment", "Increment"])
  }

  @Test("skipping an action recomputes the later states without it, and including it restores them")
  func skipRecomputes() {
    let (store, devTools) = recordedStore()
    devTools.skip(step: 2)  // SetStep(10)
    #expect(store.state == Counter(count: 2, step: 1))
    #expect(devTools.recording.entries.map(\.state.count) == [1, 1, 2])
    #expect(devTools.recording.entries.map(\.isSkipped) == [false, true, false])

    devTools.include(step: 2)
    #expect(store.state == Counter(count: 11, step: 10))
    #expect(devTools.recording.entries.map(\.state.count) == [1, 1, 11])
  }

  @Test("skipping while in the past keeps the store at that step, recomputed")
  func skipWhileJumped() {
    let (store, devTools) = recordedStore()
    devTools.jump(toStep: 2)
    devTools.skip(step: 1)
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
          devTools.skip(step: 1)
          devTools.include(step: 1)
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

  @Test("a jump outside the history shows its nearest end, also right after a commit")
  func jumpOutsideTheHistory() {
    let (store, devTools) = recordedStore()
    let count = devTools.recording.entries.count  // 3, read before the commit
    devTools.commit()
    devTools.jump(toStep: count)
    #expect(store.state == Counter(count: 11, step: 10))
    #expect(devTools.currentStep == 0)

    store.dispatch(Increment())
    devTools.jump(toStep: -5)
    #expect(store.state == Counter(count: 11, step: 10))
    #expect(devTools.currentStep == 0)
    devTools.jump(toStep: 99)
    #expect(store.state == Counter(count: 21, step: 10))
    #expect(devTools.currentStep == 1)
  }

  @Test("skipping or including an entry that is gone changes nothing")
  func skipOutsideTheHistory() {
    let (store, devTools) = recordedStore()
    devTools.commit()
    devTools.skip(step: 3)
    devTools.include(step: 0)
    #expect(store.state == Counter(count: 11, step: 10))
    #expect(devTools.recording.entries.isEmpty)
  }

  @Test("random jumps and commits while another thread dispatches never trap")
  func jumpsWhileDispatching() async {
    // In a child process, so that a trap fails this test rather than ending the test run.
    await #expect(processExitsWith: .success) {
      let (store, devTools) = makeStore(capacity: 50)
      let dispatched = DispatchSemaphore(value: 0)
      Thread {
        for _ in 0..<5_000 { store.dispatch(Increment()) }
        dispatched.signal()
      }.start()
      var generator = SystemRandomNumberGenerator()
      for round in 0..<5_000 {
        let count = devTools.recording.entries.count
        devTools.jump(toStep: Int.random(in: 0...count + 1, using: &generator))
        devTools.skip(step: Int.random(in: 0...count + 1, using: &generator))
        if round % 500 == 0 { devTools.commit() }
      }
      dispatched.wait()
      devTools.jumpToLatest()
      // Every kept state still follows from the one before it.
      guard devTools.recording.replay(reducer: counterReducer).isExact else { exit(1) }
    }
  }
}
