import Benchmark
import CoreFixtures
import ReduxCore
import Synchronization

/// The physical limits a thread-safe store is measured against: the reducer alone, and the
/// reducer under an uncontended `Mutex`.
func registerBaselines() {
  // `identity` hides the reducer's closure from the optimizer, as it is hidden from a store:
  // without it the whole loop folds into one addition.
  Benchmark("Baseline: reducer call") { benchmark in
    let reducer = identity(counterReducer)
    var state = Counter()
    for _ in benchmark.scaledIterations {
      reducer(&state, Increment())
    }
    blackHole(state)
  }

  let mutex = Mutex(Counter())
  Benchmark("Baseline: reducer call in Mutex.withLock") { benchmark in
    let reducer = identity(counterReducer)
    for _ in benchmark.scaledIterations {
      mutex.withLock { reducer(&$0, Increment()) }
    }
  }
}
