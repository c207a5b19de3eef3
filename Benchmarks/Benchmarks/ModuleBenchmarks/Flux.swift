import Benchmark
import ModuleFixtures
import ReduxFlux

/// Benchmark 7: one dispatch to ten `ReduceStore`s that wait for each other, against the same
/// ten stores waiting for nobody.
func registerFlux() {
  let cases: [(String, FluxChainOrder)] = [
    ("7 Flux: dispatch to 10 stores, no waitFor", .independent),
    ("7 Flux: dispatch to 10 stores, each waitFor the one before (already run)", .waitForEarlier),
    ("7 Flux: dispatch to 10 stores, each waitFor the one after (10 deep)", .waitForLater),
  ]
  for (name, order) in cases {
    let (dispatcher, stores) = makeFluxChain(order: order)
    Benchmark(name) { benchmark in
      let before = stores.map(\.state)
      for _ in benchmark.scaledIterations {
        try dispatcher.dispatch(Tick())
      }
      // Every store counted every tick exactly once, however the waits ran.
      let ticks = benchmark.scaledIterations.count
      precondition(
        zip(before, stores).allSatisfy { $1.state == $0 &+ ticks },
        "a Flux store missed a tick or counted one twice")
    }
  }
}
