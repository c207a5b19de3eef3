import Clocks
import ReduxCommand
import ReduxCore
import Testing

/// A search box: each edit debounces the search; the results say which query they answer.
struct SearchBox: Sendable, Equatable {
  var query = ""
  var answered: [String] = []
}

struct Edit: Action { var query: String }
struct Answered: Action { var query: String }

func searchBox(clock: TestClock<Duration>) -> CommandReducer<SearchBox> {
  CommandReducer { state, action in
    switch action {
    case let edit as Edit:
      state.query = edit.query
      let query = edit.query
      return Command.action(Answered(query: query))
        .debounce(id: "search", for: .milliseconds(300), clock: clock)
    case let answered as Answered:
      state.answered.append(answered.query)
      return .none
    default:
      return .none
    }
  }
}

@Suite("Command.debounce")
struct DebounceTests {
  @Test("of a burst of edits, only the last runs, once the interval has passed quietly")
  func lastOfBurst() async throws {
    let clock = TestClock()
    let store = Store(initialState: SearchBox(), commandReducer: searchBox(clock: clock))
    for query in ["s", "sw", "swi"] {
      await store.send(Edit(query: query))
      await clock.advance(by: .milliseconds(100))
    }
    #expect(store.state.answered.isEmpty)
    await clock.advance(by: .milliseconds(300))
    try await waitUntil(clock) { store.state.answered == ["swi"] }

    await store.send(Edit(query: "swift"))
    await clock.advance(by: .milliseconds(300))
    try await waitUntil(clock) { store.state.answered == ["swi", "swift"] }
  }
}

/// Polls `condition` until it holds, for at most 5 seconds of real time, advancing `clock` by
/// nothing each time: a command's task may start sleeping only after the test advanced past
/// its deadline, and the test clock wakes it at its next advance.
func waitUntil(
  _ clock: TestClock<Duration>, _ condition: @Sendable () -> Bool
) async throws {
  let deadline = ContinuousClock.now + .seconds(5)
  while !condition() {
    guard ContinuousClock.now < deadline else {
      Issue.record("the condition did not hold within 5 seconds")
      return
    }
    await clock.advance()
    try await Task.sleep(for: .milliseconds(1))
  }
}

/// A feed that saves its scroll position, throttled.
struct Feed: Sendable, Equatable {
  var saved: [Int] = []
}

struct Scrolled: Action { var position: Int }
struct PositionSaved: Action { var position: Int }

func feed(clock: TestClock<Duration>, latest: Bool) -> CommandReducer<Feed> {
  CommandReducer { state, action in
    switch action {
    case let scrolled as Scrolled:
      return Command.action(PositionSaved(position: scrolled.position))
        .throttle(id: "save", for: .seconds(1), clock: clock, latest: latest)
    case let saved as PositionSaved:
      state.saved.append(saved.position)
      return .none
    default:
      return .none
    }
  }
}

@Suite("Command.throttle")
struct ThrottleTests {
  @Test(
    "the first runs at once; of those within the interval, the latest (or the first) runs at its end",
    arguments: [(true, [1, 4, 5]), (false, [1, 2, 5])])
  func leadingAndTrailing(latest: Bool, expected: [Int]) async throws {
    let clock = TestClock()
    let store = Store(initialState: Feed(), commandReducer: feed(clock: clock, latest: latest))
    await store.send(Scrolled(position: 1))
    try await waitUntil(clock) { store.state.saved == [1] }
    for position in 2...4 {
      await clock.advance(by: .milliseconds(200))
      await store.send(Scrolled(position: position))
    }
    #expect(store.state.saved == [1])
    await clock.advance(by: .milliseconds(400))  // the interval after 1 ends
    try await waitUntil(clock) { store.state.saved.count == 2 }
    await clock.advance(by: .seconds(2))
    await store.send(Scrolled(position: 5))  // long after: at once
    try await waitUntil(clock) { store.state.saved == expected }
  }
}
