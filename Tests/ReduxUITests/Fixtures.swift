import Observation
import ReduxCore

struct Counter: Sendable, Equatable {
  var count = 0
  var step = 1
  var label = ""
}

struct Increment: Action {}
struct Add: Action { var amount: Int }
struct SetStep: Action { var step: Int }
struct SetLabel: Action { var label: String }
struct Noop: Action {}

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, _ in state.count += state.step }
  .on(Add.self) { state, action in state.count += action.amount }
  .on(SetStep.self) { state, action in state.step = action.step }
  .on(SetLabel.self) { state, action in state.label = action.label }

func makeCounterStore(middleware: [Middleware<Counter>] = []) -> Store<Counter> {
  Store(initialState: Counter(), reducer: counterReducer, middleware: middleware)
}

/// A thread-safe list that tests append to from callbacks.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Lock<[Element]>([])

  func append(_ element: Element) {
    storage.withLock { $0.append(element) }
  }

  var values: [Element] { storage.withLock { $0 } }
}

/// Waits on the main actor until a value that `read` reads through Observation changes.
///
/// `read` runs inside `withObservationTracking`; the change is published on the main actor, so
/// nothing can be published between the caller's last check and this registration.
@MainActor
func nextChange(_ read: @MainActor () -> Void) async {
  await withCheckedContinuation { continuation in
    withObservationTracking {
      read()
    } onChange: {
      continuation.resume()
    }
  }
}

/// Starts tracking what `read` reads through Observation; the returned recorder gets one entry
/// when it is reported changed (Observation reports the first change only).
func tracking(_ read: () -> Void) -> Recorder<Void> {
  let changes = Recorder<Void>()
  withObservationTracking {
    read()
  } onChange: {
    changes.append(())
  }
  return changes
}
