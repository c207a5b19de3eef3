import Benchmark
import BenchmarkConfiguration

// The side-effect modules' and DevTools' hot paths. Their baselines (the reducer call, the reducer under a
// Mutex, a bare dispatch) are CoreBenchmarks', which the same `swift package benchmark` run
// measures just before these.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .redux
  registerSaga()
  registerFlux()
  registerCommand()
  registerCommandComposition()
  registerEffects()
  registerDevTools()
  registerPersistence()
  registerPersistenceRestore()
}
