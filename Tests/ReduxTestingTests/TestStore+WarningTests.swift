import Clocks
import ReduxCore
import ReduxEffects
import ReduxTesting
import Testing

private struct Stale: Action {}
private struct Poll: Action {}

private let warningReducer = counterReducer.combined(
  with: .on(Stale.self) { _, action in
    RuntimeWarning.report("Stale was sent to a row that is gone.", action: action)
  })

@MainActor
@Suite("TestStore and runtime warnings", .timeLimit(.minutes(1)))
struct TestStoreWarningTests {
  @Test("a runtime warning fails the step whose action caused it, with its message")
  func failsTheStep() async {
    let store = TestStore(initialState: Counter(), reducer: warningReducer)
    await withKnownIssue {
      await store.send(Stale())
    } matching: { issue in
      message(of: issue).hasPrefix(
        "The reducer reported a runtime warning: Stale was sent to a row that is gone.")
    }
    await store.send(Increment()) {
      $0.count = 1
      $0.history = [1]
    }
  }
}

@MainActor
@Suite("TestStoreTask cancelling effects", .timeLimit(.minutes(1)))
struct TestStoreTaskCancelTests {
  @Test("cancel stops the async effect a send started; the test then finishes")
  func cancelsAnEffect() async {
    let clock = TestClock()
    let store = TestStore(
      Store(
        initialState: Counter(), reducer: counterReducer,
        effects: [
          .task(on: Poll.self) { _, _, _ in try await clock.sleep(for: .seconds(60)) }
        ]))
    let task = await store.send(Poll())
    #expect(!task.isFinished)
    await task.cancel()
    #expect(task.isFinished)
    await store.finish()
  }

  @Test("cancelInFlightEffects stops every async effect")
  func skipsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      Store(
        initialState: Counter(), reducer: counterReducer,
        effects: [
          .task(on: Poll.self) { _, _, _ in try await clock.sleep(for: .seconds(60)) }
        ]))
    await store.send(Poll())
    await store.send(Poll())
    await store.cancelInFlightEffects()
    await store.finish()
  }
}
