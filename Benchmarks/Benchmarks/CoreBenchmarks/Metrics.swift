import Benchmark

/// Counts array copies: a custom metric that must read 0 for the large-state benchmarks.
let arrayCopies = BenchmarkMetric.custom("Array copies", useScalingFactor: false)
