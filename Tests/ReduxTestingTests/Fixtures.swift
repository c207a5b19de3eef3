import ReduxCore

struct Counter: Sendable, Equatable {
  var count = 0
  var isLoading = false
  var history: [Int] = []
}

struct Increment: Action, Equatable {
  var by = 1
}

struct Reset: Action {}

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, increment in
    state.count += increment.by
    state.history.append(state.count)
  }
  .on(Reset.self) { state, _ in state = Counter() }

/// A middleware that dispatches `followUps`, in order, right after each action of type `T` has
/// reached the reducer: received actions for a test store to check.
func dispatching<T: Action>(_ followUps: [any Action], after _: T.Type) -> Middleware<Counter> {
  Middleware { context, action, next in
    next(action)
    guard action is T else { return }
    for followUp in followUps { context.dispatch(followUp) }
  }
}
