import Benchmark
import CoreFixtures
import ReduxCore

/// Benchmark 3: many selector subscribers, each on its own field; every action changes one
/// field, so one subscriber is called and the others compare and skip.
func registerSelectors() {
  for count in [100, 1_000] {
    let (store, subscriptions) = makeSelectorStore(fields: count)
    var next = 0
    Benchmark("3 Dispatch: \(count) selector subscribers, 1 changed") { benchmark in
      for _ in benchmark.scaledIterations {
        store.dispatch(BumpField(index: next))
        next = next == count - 1 ? 0 : next + 1
      }
      blackHole(subscriptions)
    }
  }
}
