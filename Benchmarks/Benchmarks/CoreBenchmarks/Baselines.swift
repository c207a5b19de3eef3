import Benchmark
import ReduxCore
import Synchronization

/// The physical limits a thread-safe store is measured against: the reducer alone, and the
/// reducer under an uncontended `Mutex`.
func registerBaselines() {
  Benchmark("Baseline: reducer call") { benchmark in
    var state = Counter()
    for _ in benchmark.scaledIterations {
      counterReducer(&state, Increment())
    }
    blackHole(state)
  }

  let mutex = Mutex(Counter())
  Benchmark("Baseline: reducer call in Mutex.withLock") { benchmark in
    for _ in benchmark.scaledIterations {
      mutex.withLock { counterReducer(&$0, Increment()) }
    }
  }
}
