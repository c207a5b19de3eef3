import Benchmark
import CoreFixtures
import ReduxCore

/// Benchmark 5: what matching an existential action costs, for an enum and a struct, with the
/// runtime cast (`as?`) and with `Action.as(_:)`; then the same actions through a store.
func registerActionMatching() {
  // One existential per operation (1,000, the scaling factor), made before the measurement; the optimizer cannot see their
  // types through `identity`, as a reducer cannot see the type of the action it gets.
  let structActions = identity((0..<1_000).map { _ in Increment() as any Action })
  let enumActions = identity((0..<1_000).map { _ in CounterAction.increment(by: 1) as any Action })

  Benchmark("5 Match: struct action, as?") { benchmark in
    var total = 0
    for action in structActions {
      if let increment = action as? Increment { total &+= increment.by }
    }
    blackHole(total)
  }
  Benchmark("5 Match: struct action, Action.as(_:)") { benchmark in
    var total = 0
    for action in structActions {
      if let increment = action.as(Increment.self) { total &+= increment.by }
    }
    blackHole(total)
  }
  Benchmark("5 Match: enum action, as?") { benchmark in
    var total = 0
    for action in enumActions {
      if case .increment(let by)? = action as? CounterAction { total &+= by }
    }
    blackHole(total)
  }
  Benchmark("5 Match: enum action, Action.as(_:)") { benchmark in
    var total = 0
    for action in enumActions {
      if case .increment(let by)? = action.as(CounterAction.self) { total &+= by }
    }
    blackHole(total)
  }

  let structStore = Store(initialState: Counter(), reducer: counterReducer)
  Benchmark("5 Dispatch: struct action") { benchmark in
    for _ in benchmark.scaledIterations {
      structStore.dispatch(Increment(by: 1))
    }
  }

  let enumStore = Store(initialState: Counter(), reducer: counterEnumReducer)
  Benchmark("5 Dispatch: enum action") { benchmark in
    for _ in benchmark.scaledIterations {
      enumStore.dispatch(CounterAction.increment(by: 1))
    }
  }
}
