import Benchmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Benchmark.Configuration {
  /// Wall time, throughput and mallocs per operation; each sample runs 1,000 operations so the
  /// harness's own cost per sample (a clock read, a few mallocs) is spread thin.
  ///
  /// `REDUX_BENCHMARK_SMOKE=1` (set by `Benchmarks/smoke`) shortens every benchmark to a few
  /// samples: enough to prove it runs, not to measure.
  public static var redux: Self {
    let smoke = getenv("REDUX_BENCHMARK_SMOKE") != nil
    return .init(
      metrics: [.wallClock, .throughput, .mallocCountTotal],
      timeUnits: .nanoseconds,
      warmupIterations: smoke ? 1 : 10,
      scalingFactor: .kilo,
      maxDuration: smoke ? .milliseconds(20) : .seconds(1),
      maxIterations: smoke ? 5 : 100_000
    )
  }
}
