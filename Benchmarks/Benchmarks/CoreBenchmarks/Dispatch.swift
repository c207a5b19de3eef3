import Benchmark
import CoreFixtures
import ReduxCore

/// Benchmarks 1 and 2: the cost of a dispatch by itself, and with the usual company.
func registerDispatch() {
  let bare = Store(initialState: Counter(), reducer: counterReducer)
  Benchmark("1 Dispatch: 0 subscribers, 0 middleware") { benchmark in
    for _ in benchmark.scaledIterations {
      bare.dispatch(Increment())
    }
  }

  let (observed, subscription) = makeObservedStore()
  Benchmark("2 Dispatch: 1 middleware, 1 subscriber") { benchmark in
    for _ in benchmark.scaledIterations {
      observed.dispatch(Increment())
    }
    blackHole(subscription)
  }
}
