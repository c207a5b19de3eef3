import Clocks
import ReduxCommand
import ReduxCore
import ReduxTesting
import Testing

@MainActor
@Suite("TestStoreTask", .timeLimit(.minutes(1)))
struct TestStoreTaskTests {
  func makeStore(clock: TestClock<Duration>) -> TestStore<Counter> {
    TestStore(Store(initialState: Counter(), commandReducer: commandCounter(clock: clock)))
  }

  @Test("finish waits for the work the action started, once the feature ends it")
  func finishes() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = await store.send(Start()) { $0.isLoading = true }
    #expect(!task.isFinished)
    await store.send(Stop()) { $0.isLoading = false }
    await task.finish()
    #expect(task.isFinished)
    await store.finish()
  }

  @Test("finish fails after its timeout while the work still runs, listing it")
  func finishTimesOut() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = await store.send(Start()) { $0.isLoading = true }
    await withKnownIssue {
      await task.finish(timeout: .milliseconds(100))
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix(
        "Expected the work of send(Start) to finish within 0.1 seconds, but it is still running")
        && text.contains("  - command for Start")
    }
    await store.send(Stop()) { $0.isLoading = false }
    await store.finish()
  }

  @Test("cancel of a task whose work has ended does nothing")
  func cancelFinished() async {
    let store = makeStore(clock: TestClock())
    let task = await store.send(Increment()) {
      $0.count = 1
      $0.history = [1]
    }
    #expect(task.isFinished)
    await task.cancel()
    await store.finish()
  }

  @Test("cancel reports work that a test store cannot cancel, by name")
  func cancelRunning() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = await store.send(Start()) { $0.isLoading = true }
    await withKnownIssue {
      await task.cancel()
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix(
        "cancel() of send(Start) could not cancel this work, which is still running")
        && text.contains("  - command for Start")
    }
    await store.send(Stop()) { $0.isLoading = false }
    await task.finish()
    await store.finish()
  }
}

@MainActor
@Suite("TestStore.skipInFlightEffects", .timeLimit(.minutes(1)))
struct TestStoreSkipInFlightEffectsTests {
  @Test("by default fails when no work is in flight; not when strict is false")
  func nothingInFlight() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      message(of: issue).hasPrefix("skipInFlightEffects() found no work in flight to skip")
    }
    await store.skipInFlightEffects(strict: false)
  }

  @Test("reports the work in flight that a test store cannot cancel, by name")
  func running() async {
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: TestClock())))
    await store.send(Start()) { $0.isLoading = true }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix(
        "skipInFlightEffects() could not cancel this work, which is still running")
        && text.contains("  - command for Start")
    }
    await store.send(Stop()) { $0.isLoading = false }
    await store.finish()
  }
}
