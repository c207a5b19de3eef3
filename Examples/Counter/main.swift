// Counter: the smallest useful store. Run it with `swift run Counter`.
import ReduxCore

struct Counter: Sendable, Equatable {
  var count = 0
  var step = 1
}

struct Increment: Action {}
struct Decrement: Action {}
struct SetStep: Action { var step: Int }

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, _ in state.count += state.step }
  .on(Decrement.self) { state, _ in state.count -= state.step }
  .on(SetStep.self) { state, action in state.step = action.step }

/// Logs each action with the count before and after the reducer.
let logger = Middleware<Counter> { context, action, next in
  let before = context.state
  next(action)
  let after = context.state
  print("[log] \(action) count \(before.count) → \(after.count), step \(after.step)")
}

let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [logger])

// A selector subscription: called with the current count now, then only when the count changes
// (not when only the step does).
let countSubscription = store.subscribe(select: \.count) { count in
  print("count is now \(count)")
}

store.dispatch(Increment())
store.dispatch(Increment())
store.dispatch(SetStep(step: 5))
store.dispatch(Increment())
store.dispatch(Decrement())
countSubscription.cancel()
store.dispatch(Increment())
print("final state: count \(store.state.count), step \(store.state.step)")
