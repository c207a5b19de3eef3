import ReduxCore
import ReduxTesting
import Testing

@MainActor
@Suite("TestStore used from two tasks", .timeLimit(.minutes(1)))
struct StepTrackerTests {
  @Test("steps that overlap report that misuse once, and nothing else")
  func overlappingSteps() async {
    let reported = Recorder<String>()
    await withKnownIssue {
      let store = TestStore(
        initialState: Counter(count: 1), reducer: counterReducer,
        middleware: [dispatching([Increment(by: 7)], after: Reset.self)])
      // A child task races the test's own steps: each task's steps, on their own, would pass.
      let child = Task { @MainActor in
        for _ in 0..<10 {
          await store.send(Reset()) { $0 = Counter() }
          await store.receive(Increment(by: 7)) {
            $0.count = 7
            $0.history = [7]
          }
        }
      }
      for _ in 0..<10 {
        await store.send(Reset()) { $0 = Counter() }
        await store.receive(Increment(by: 7)) {
          $0.count = 7
          $0.history = [7]
        }
      }
      await child.value
      await store.finish()
    } matching: { issue in
      reported.append(message(of: issue))
      return message(of: issue).hasPrefix(
        "A TestStore was used from two tasks at once: await each step before the next.")
    }
    #expect(reported.values.count == 1)
  }

  @Test("a step called inside another step's assertion closure is reported as such")
  func stepInsideAssertion() async {
    let store = TestStore(initialState: Counter(), reducer: counterReducer)
    await withKnownIssue {
      await store.send(Increment()) {
        $0.count = 1
        $0.history = [1]
        store.skipReceivedActions(strict: false)
      }
    } matching: { issue in
      message(of: issue).hasPrefix(
        "skipReceivedActions() was called inside the assertion closure of send(Increment)")
    }
  }
}
