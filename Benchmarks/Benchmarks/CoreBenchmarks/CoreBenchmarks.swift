import Benchmark
import BenchmarkConfiguration

// ReduxCore's and ReduxUI's hot paths, each next to the physical limit or a baseline measured
// in the same run. The side-effect modules (saga, flux, command, effects) get their own
// benchmark targets beside this one, so that each can be run and read on its own.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .redux
  registerBaselines()
  registerDispatch()
  registerSelectors()
  registerLargeState()
  registerActionMatching()
  registerViewStore()
  registerViewStoreRows()
  registerMemoizedSelectors()
  registerContention()
  registerComposition()
}
