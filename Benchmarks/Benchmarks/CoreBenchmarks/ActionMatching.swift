import Benchmark
import CoreFixtures
import ReduxCore

/// Benchmark 5: what matching an existential action costs, for an enum and a struct, with the
/// runtime cast (`as?`) and with `Action.as(_:)`; then the same actions through a store.
func registerActionMatching() {
  let structAction: any Action = Increment()
  let enumAction: any Action = CounterAction.increment(by: 1)

  Benchmark("5 Match: struct action, as?") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole((identity(structAction) as? Increment)?.by)
    }
  }
  Benchmark("5 Match: struct action, Action.as(_:)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(identity(structAction).as(Increment.self)?.by)
    }
  }
  Benchmark("5 Match: enum action, as?") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(identity(enumAction) as? CounterAction)
    }
  }
  Benchmark("5 Match: enum action, Action.as(_:)") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(identity(enumAction).as(CounterAction.self))
    }
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
