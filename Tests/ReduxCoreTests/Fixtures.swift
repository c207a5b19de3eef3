import ReduxCore
import ReduxSeam

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

enum CounterAction: Action, Equatable {
  case increment
  case add(Int)
}

/// Records a tag for each action reduced, in order.
struct Logged: Action { var tag: String }

struct Log: Sendable, Equatable {
  var entries: [String] = []
}

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, _ in state.count += state.step }
  .on(Add.self) { state, action in state.count += action.amount }
  .on(SetStep.self) { state, action in state.step = action.step }
  .on(SetLabel.self) { state, action in state.label = action.label }

let logReducer = Reducer<Log>.on(Logged.self) { state, action in state.entries.append(action.tag) }

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

/// An object whose lifetime tests watch through a weak reference.
final class Probe: Sendable {}

/// A counter store whose reducer, on each `Increment`, calls `misuse` with the store itself: a
/// reducer breaking the rule that reducers are pure.
func makeMisusedStore(
  middleware: [Middleware<Counter>] = [],
  _ misuse: @escaping @Sendable (Store<Counter>) -> Void
) -> Store<Counter> {
  let reference = Lock<Store<Counter>?>(nil)
  let reducer = Reducer<Counter> { state, action in
    guard action is Increment, let store = reference.withLock({ $0 }) else { return }
    misuse(store)
    state.count += 1
  }
  let store = Store(initialState: Counter(), reducer: reducer, middleware: middleware)
  // A cycle (store → reducer → store), acceptable in a process that is about to stop.
  reference.withLock { $0 = store }
  return store
}

/// Keeps a subscription alive; releasing the holder releases the token.
final class TokenHolder: Sendable {
  let token: Subscription
  init(_ token: Subscription) { self.token = token }
}

/// A state that holds a subscription token.
struct Holding: Sendable {
  var holder: TokenHolder?
}

/// Replaces the held token.
struct Hold: Action { var holder: TokenHolder? }

let holdingReducer = Reducer<Holding>.on(Hold.self) { state, action in
  state.holder = action.holder
}
