import Dispatch
import ReduxCommand
import ReduxCore
import Testing

/// Searches that replace each other: each starts a job under one id with `cancelInFlight`.
private struct SearchState: Sendable, Equatable {
  var latest = -1
  /// Searches reduced so far.
  var searches = 0
  var results: [Int] = []
  /// Results reduced while a newer search had already been reduced.
  var stale: [Int] = []
}

@Suite("cancelInFlight under contention", .serialized)
struct CancelInFlightTests {
  @Test(
    "of 10,000 searches from 4 threads, no stale result is reduced and the last one delivers once",
    .timeLimit(.minutes(1)),
    arguments: 0..<20)
  func latestSearchDeliversOnce(run: Int) async {
    let reducer = CommandReducer<SearchState>
      .on(Search.self) { state, action in
        state.latest = action.query
        state.searches += 1
        let query = action.query
        return Command.run { send in
          // Long enough for newer searches to arrive while it is in flight.
          try? await Task.sleep(for: .microseconds(200))
          guard !Task.isCancelled else { return }
          send(Found(query: query))
        }
        .cancellable(id: "search", cancelInFlight: true)
      }
      .on(Found.self) { state, action in
        state.results.append(action.query)
        if action.query != state.latest { state.stale.append(action.query) }
        return .none
      }
    let store = Store(initialState: SearchState(), commandReducer: reducer)
    let watching = store.subscribe(select: \.results.count) { _ in }
    defer { watching.cancel() }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      for index in 0..<2_500 { store.dispatch(Search(query: thread * 2_500 + index)) }
    }
    // When the dispatching threads return, the thread that drains the store may be one of the
    // commands' tasks, with searches still queued: wait for all 10,000 and the last result.
    for await state in store.states
    where state.searches == 10_000 && state.results.last == state.latest {
      break
    }
    let state = store.state
    #expect(state.stale == [])
    #expect(state.results.filter { $0 == state.latest }.count == 1)
  }
}
