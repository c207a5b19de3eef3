import Benchmark
import CoreFixtures
import ModuleFixtures
import ReduxCore
import ReduxEffects

/// Benchmark 9: what effects add to a dispatch (compare with "1 Dispatch: 0 subscribers,
/// 0 middleware", the same store and action without them).
func registerEffects() {
  let none = Store(initialState: Counter(), reducer: counterReducer, effects: [])
  Benchmark("9 Effects: dispatch, effects middleware with no effects") { benchmark in
    for _ in benchmark.scaledIterations {
      none.dispatch(Increment())
    }
  }

  let typed = Store(initialState: Counter(), reducer: counterReducer, effects: tenTypedEffects)
  Benchmark("9 Effects: dispatch, 10 typed effects, 1 matches") { benchmark in
    for _ in benchmark.scaledIterations {
      typed.dispatch(Increment())
    }
  }

  let logged = Store(
    initialState: Counter(), reducer: counterReducer, effects: [makeQuietLoggerEffect()])
  Benchmark("9 Effects: dispatch, logger effect with the level off") { benchmark in
    for _ in benchmark.scaledIterations {
      logged.dispatch(Increment())
    }
  }
}
