import Clocks
import ReduxCommand
import ReduxCore
import ReduxSeam
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

  @Test("cancel stops the command jobs a send started; the test then finishes")
  func cancelRunning() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    let task = await store.send(Start()) { $0.isLoading = true }
    #expect(!task.isFinished)
    await task.cancel()
    #expect(task.isFinished)
    await store.finish()
  }

  @Test("cancel reports work that its module cannot cancel, by name")
  func cancelUncancellable() async {
    let store = TestStore(
      initialState: Counter(), reducer: counterReducer, middleware: [uncancellableWork()])
    let task = await store.send(Start())
    await withKnownIssue {
      await task.cancel()
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix(
        "cancel() of send(Start) could not cancel this work, which is still running")
        && text.contains("  - uncancellable work")
    }
    await store.send(Stop())
    await task.finish()
    await store.finish()
  }
}

/// Starts, for each `Start`, work that reports no way to cancel it and ends at the next `Stop`.
func uncancellableWork() -> Middleware<Counter> {
  let running = Lock<[WorkHandle]>([])
  return Middleware { context, action, next in
    next(action)
    if action is Start {
      if let work = context.workLedger.beginWork(
        origin: context.workLedger.processingOrigin, "uncancellable work")
      {
        running.withLock { $0.append(work) }
      }
    } else if action is Stop {
      for work in running.withLock({ $0 }) { work.end() }
    }
  }
}

@MainActor
@Suite("TestStore.skipInFlightEffects and cancelInFlightEffects", .timeLimit(.minutes(1)))
struct TestStoreSkipInFlightEffectsTests {
  @Test("by default fails when no work is in flight; not when strict is false")
  func nothingInFlight() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: { issue in
      message(of: issue).hasPrefix("skipInFlightEffects() found no work in flight")
    }
    await store.skipInFlightEffects(strict: false)
    await withKnownIssue {
      await store.cancelInFlightEffects()
    } matching: { issue in
      message(of: issue).hasPrefix("cancelInFlightEffects() found no work in flight")
    }
    await store.cancelInFlightEffects(strict: false)
  }

  @Test("skip stops waiting for the work, which runs on: its later actions still arrive")
  func skipLetsWorkRun() async {
    let clock = TestClock()
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: clock)))
    await store.send(Start()) { $0.isLoading = true }
    await store.skipInFlightEffects()
    await store.finish()  // not waiting for the ticks
    await clock.advance(by: .seconds(1))
    await store.receive(Tick.self) { $0.count = 1 }
    await store.send(Stop()) { $0.isLoading = false }
  }

  @Test("cancel stops the command jobs in flight")
  func running() async {
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: TestClock())))
    await store.send(Start()) { $0.isLoading = true }
    await store.cancelInFlightEffects()
    await store.finish()
  }

  @Test("reports the work in flight that its module cannot cancel, by name")
  func uncancellable() async {
    let store = TestStore(
      initialState: Counter(), reducer: counterReducer, middleware: [uncancellableWork()])
    await store.send(Start())
    await withKnownIssue {
      await store.cancelInFlightEffects()
    } matching: { issue in
      let text = message(of: issue)
      return text.hasPrefix(
        "cancelInFlightEffects() could not cancel this work, which is still running")
        && text.contains("  - uncancellable work")
    }
    await store.send(Stop())
    await store.finish()
  }
}
