// Seda's counter on a command reducer: `step` changes the state, `stepDelayed` returns a
// command that steps later, and an auto-increment command is started and stopped by actions.
import Dispatch
import ReduxCommand
import ReduxCore

struct Counter: Sendable {
  var count = 0
  var step = 1
}

enum CounterAction: Action {
  case step
  case stepDelayed
  case setStep(Int)
  case startAutoIncrement
  case stopAutoIncrement
  case tick
}

let autoIncrementID = "auto-increment"

let counter = CommandReducer<Counter> { state, action in
  guard let action = action.as(CounterAction.self) else { return .none }
  switch action {
  case .step, .tick:
    state.count += state.step
    return .none
  case .setStep(let step):
    state.step = step
    return .none
  case .stepDelayed:
    // Callback style, like Seda's `ofAsyncAction`: fulfil one action when the work is done.
    return .callback { fulfill in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
        fulfill(CounterAction.step)
      }
    }
  case .startAutoIncrement:
    // An async job that sends many actions until it is cancelled.
    return Command.run { send in
      while (try? await Task.sleep(for: .milliseconds(200))) != nil {
        send(CounterAction.tick)
      }
    }
    .cancellable(id: autoIncrementID, cancelInFlight: true)
  case .stopAutoIncrement:
    return .cancel(id: autoIncrementID)
  }
}

// Actions sent by commands come back through the store, so middleware sees them too.
let logger = Middleware<Counter> { context, action, next in
  next(action)
  print("  \(action) -> count \(context.state.count)")
}

let store = Store(initialState: Counter(), commandReducer: counter, middleware: [logger])

/// Waits until the counter reaches `count`.
func until(count: Int) async {
  for await value in store.values(select: \.count) where value >= count { return }
}

print("step")
store.dispatch(CounterAction.step)
print("set the step to 5, then step")
store.dispatch(CounterAction.setStep(5))
store.dispatch(CounterAction.step)

print("step after a delay")
store.dispatch(CounterAction.stepDelayed)
print("  (the reducer returned at once; count is still \(store.state.count))")
await until(count: 11)

print("start the auto-increment")
store.dispatch(CounterAction.startAutoIncrement)
await until(count: 26)
print("stop the auto-increment")
store.dispatch(CounterAction.stopAutoIncrement)
let stoppedAt = store.state.count
try? await Task.sleep(for: .milliseconds(500))
print("half a second later the count is \(store.state.count) (stopped at \(stoppedAt))")
