import Clocks
import ReduxCommand
import ReduxCore
import ReduxSeam
import ReduxTesting
import Testing

struct Tick: Action, Equatable {}
struct Start: Action {}
struct Stop: Action {}
struct Ping: Action, Equatable { var id: Int }

/// A command reducer: Increment counts; Ping answers with an Increment at once; Start runs a
/// job that ticks every second on `clock` until stopped.
func commandCounter(clock: any Clock<Duration>) -> CommandReducer<Counter> {
  CommandReducer<Counter> { state, action in
    switch action {
    case let increment as Increment:
      state.count += increment.by
      state.history.append(state.count)
      return .none
    case let ping as Ping:
      return .action(Increment(by: ping.id))
    case is Start:
      state.isLoading = true
      return Command.run { send in
        while (try? await clock.sleep(for: .seconds(1))) != nil { send(Tick()) }
      }
      .cancellable(id: "ticks")
    case is Tick:
      state.count += 1
      return .none
    case is Stop:
      state.isLoading = false
      return .cancel(id: "ticks")
    default:
      return .none
    }
  }
}

@MainActor
@Suite("TestStore with a command reducer", .timeLimit(.minutes(1)))
struct TestStoreCommandTests {
  @Test("an action command is received, with its own state change")
  func actionCommand() async {
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: TestClock())))
    await store.send(Ping(id: 4))
    await store.receive(Increment(by: 4)) {
      $0.count = 4
      $0.history = [4]
    }
    await store.finish()
  }

  @Test("a wrong expectation of a command's action fails with a diff")
  func actionCommandMismatch() async {
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: TestClock())))
    await store.send(Ping(id: 4))
    await withKnownIssue {
      await store.receive(Increment.self) {
        $0.count = 5
        $0.history = [4]
      }
    } matching: { issue in
      let text = message(of: issue)
      return text.contains("State after receive(Increment) does not match")
        && text.contains("-   count: 5,") && text.contains("+   count: 4,")
    }
  }
}

@MainActor
@Suite("TestStore with command jobs", .timeLimit(.minutes(1)))
struct TestStoreCommandJobTests {
  @Test("a job's actions are received as the test clock advances; finish waits for the job")
  func job() async {
    let clock = TestClock()
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: clock)))
    await store.send(Start()) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(Tick.self) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(Tick.self) { $0.count = 2 }
    await store.send(Stop()) { $0.isLoading = false }
    await store.finish()
  }

  @Test(
    "when send and receive return, the job has reached its sleep: the clock advances at once",
    arguments: 0..<10)
  func jobSleepsWhenStepsReturn(run: Int) async {
    let clock = SleepCountingClock()
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: clock)))
    await store.send(Start()) { $0.isLoading = true }
    #expect(clock.sleeps == 1)
    for count in 1...3 {
      await clock.base.advance(by: .seconds(1))
      await store.receive(Tick.self) { $0.count = count }
      #expect(clock.sleeps == count + 1)
    }
    await store.send(Stop()) { $0.isLoading = false }
    await store.finish()
  }

  @Test("finish fails while a job still runs, listing it")
  func jobStillRunning() async {
    let clock = TestClock()
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: clock)))
    await store.send(Start()) { $0.isLoading = true }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(100))
    } matching: { issue in
      message(of: issue).contains("Work is still running after 0.1 seconds:\n\n  - ")
    }
    await store.send(Stop()) { $0.isLoading = false }
    await store.finish()
  }

  @Test("receive fails after its timeout when work runs but sends nothing")
  func receiveTimesOut() async {
    let clock = TestClock()
    let store = TestStore(
      Store(initialState: Counter(), commandReducer: commandCounter(clock: clock)))
    await store.send(Start()) { $0.isLoading = true }
    await withKnownIssue {
      await store.receive(Tick.self, timeout: .milliseconds(100))
    } matching: { issue in
      message(of: issue).contains("Expected to receive Tick within 0.1 seconds")
    }
    await store.send(Stop()) { $0.isLoading = false }
    await store.finish()
  }
}

/// A child feature tested alone: saving asks its parent to dismiss it.
struct Draft: Sendable, Equatable { var isSaving = false }
struct SaveDraft: Action {}

@MainActor
@Suite("TestStore.isDismissed")
struct TestStoreDismissTests {
  @Test("a child tested alone can assert that it asked to be dismissed")
  func childAskedToBeDismissed() async {
    let draft = CommandReducer<Draft> { state, action in
      guard action is SaveDraft else { return .none }
      state.isSaving = true
      return .action(Dismiss())
    }
    let store = TestStore(Store(initialState: Draft(), commandReducer: draft))
    #expect(!store.isDismissed)
    await store.send(SaveDraft()) { $0.isSaving = true }
    await store.receive(Dismiss.self)
    #expect(store.isDismissed)
  }
}

/// A test clock that counts the sleeps begun on it, as soon as each begins.
final class SleepCountingClock: Clock, Sendable {
  typealias Instant = TestClock<Duration>.Instant
  let base = TestClock()
  private let count = Lock(0)

  /// How many sleeps have begun.
  var sleeps: Int { count.withLock { $0 } }
  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    count.withLock { $0 += 1 }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}
