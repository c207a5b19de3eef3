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
    try await waitUntil { store.state.answered == ["swi"] }

    await store.send(Edit(query: "swift"))
    await clock.advance(by: .milliseconds(300))
    try await waitUntil { store.state.answered == ["swi", "swift"] }
  }
}

/// Polls `condition` until it holds, for at most 5 seconds of real time.
private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
  let deadline = ContinuousClock.now + .seconds(5)
  while !condition() {
    guard ContinuousClock.now < deadline else {
      Issue.record("the condition did not hold within 5 seconds")
      return
    }
    try await Task.sleep(for: .milliseconds(1))
  }
}
