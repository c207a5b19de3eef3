import Foundation
import ReduxCore
import ReduxDevTools
import ReduxSeam

struct Counter: Sendable, Codable, Equatable {
  var count = 0
  var step = 1
  var log: [String] = []
}

struct Increment: Action, Codable {}
struct Decrement: Action, Codable {}
struct SetStep: Action, Codable { var step: Int }
struct Note: Action, Codable { var text: String }
/// Never registered: exporting it is an error.
struct Unregistered: Action {}

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, _ in state.count += state.step }
  .on(Decrement.self) { state, _ in state.count -= state.step }
  .on(SetStep.self) { state, action in state.step = action.step }
  .on(Note.self) { state, action in state.log.append(action.text) }

let counterRegistry = ActionRegistry()
  .registering(Increment.self)
  .registering(Decrement.self)
  .registering(SetStep.self)
  .registering(Note.self)

/// A timestamp clock that ticks one second per reading, from a fixed start.
final class FakeNow: Sendable {
  private let seconds = Lock(1_700_000_000.0)
  var now: @Sendable () -> Date {
    { [self] in
      seconds.withLock { value in
        defer { value += 1 }
        return Date(timeIntervalSince1970: value)
      }
    }
  }
}

/// What DevTools records while `actions` are dispatched, in order, to a store of `reducer`
/// (timestamps from a ``FakeNow``).
func record<State: Sendable>(
  _ actions: [any Action], from initialState: State, reducer: Reducer<State>
) -> Recording<State> {
  let devTools = DevTools(reducer: reducer, now: FakeNow().now)
  let store = Store(initialState: initialState, reducer: reducer, middleware: [devTools.middleware])
  for action in actions { store.dispatch(action) }
  return devTools.recording
}

/// Collects every value a subscriber is called with.
final class Collected<Value: Sendable>: Sendable {
  private let values = Lock<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}

/// A store with devtools attached, the usual way.
func makeStore(
  capacity: Int = 100, isRecording: Bool = true, middleware: [Middleware<Counter>] = []
) -> (Store<Counter>, DevTools<Counter>) {
  let devTools = DevTools(
    reducer: counterReducer, capacity: capacity, isRecording: isRecording, now: FakeNow().now)
  let store = Store(
    initialState: Counter(), reducer: counterReducer,
    middleware: middleware + [devTools.middleware])
  return (store, devTools)
}

/// A new folder in the system's temporary directory, removed with everything in it when the
/// last reference goes.
final class TemporaryFolder: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("redux-devtools-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
