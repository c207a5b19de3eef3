import Benchmark
import ReduxUI
import UIFixtures

/// Benchmark 16: the view stores of a list's rows (`ViewStore.scope(each:)`). One row is renamed
/// through its view store per dispatch, on the main actor, published at once; the row's view
/// then tracks its title again, as it would when it re-renders. Observed rows are those a view
/// tracks (on screen); every row has a view store, as `ForEach` over `scope(each:)` makes.
///
/// The baselines (16a, 16c) dispatch the same action through a list's view store that has no
/// row view stores: what the store, the copy of the list that any kept state costs, and the
/// list's own publish cost. Each benchmark checks that exactly one row's view was invalidated
/// per dispatch (the custom metric; the run stops if not). Compare each with its baseline:
/// the row view stores' share should not grow with the rows that exist (16b against 16d), only
/// with the rows observed (16d against 16e and 16f).
///
/// One dispatch per sample; each sample builds its list, then renames a few rows before it
/// measures, so that the first publishes after the build are not measured.
func registerViewStoreRows() {
  var configuration = Benchmark.defaultConfiguration
  configuration.metrics += [rowViewsInvalidated]
  configuration.timeUnits = .microseconds
  configuration.scalingFactor = .one

  let cases: [(name: String, rows: Int, rowViewStores: Bool, observed: Int)] = [
    ("16a Rows: 1,000 rows, no row view stores (baseline)", 1_000, false, 1_000),
    ("16b Rows: 1,000 rows, 1,000 row view stores, 1,000 observed, 1 changed", 1_000, true, 1_000),
    ("16c Rows: 10,000 rows, no row view stores (baseline)", 10_000, false, 1_000),
    (
      "16d Rows: 10,000 rows, 10,000 row view stores, 1,000 observed, 1 changed", 10_000, true,
      1_000
    ),
    (
      "16e Rows: 10,000 rows, 10,000 row view stores, 10,000 observed, 1 changed", 10_000, true,
      10_000
    ),
    ("16f Rows: 10,000 rows, 10,000 row view stores, 50 observed, 1 changed", 10_000, true, 50),
  ]
  for scenario in cases {
    Benchmark(scenario.name, configuration: configuration) {
      @MainActor benchmark async in
      run(
        RowsScenario(
          rowCount: scenario.rows, rowViewStores: scenario.rowViewStores,
          observed: scenario.observed),
        benchmark)
    }
  }
}

/// How many rows' views were invalidated per dispatch: 1 with row view stores, 0 without.
let rowViewsInvalidated = BenchmarkMetric.custom(
  "Row views invalidated per dispatch", useScalingFactor: false)

@MainActor
private func run(_ scenario: RowsScenario, _ benchmark: Benchmark) {
  for _ in 0..<16 { scenario.step() }
  let before = scenario.invalidations
  let iterations = benchmark.scaledIterations.count
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    scenario.step()
  }
  benchmark.stopMeasurement()
  let invalidations = scenario.invalidations - before
  benchmark.measurement(rowViewsInvalidated, invalidations / iterations)
  // The harness reports `benchmark.error` but still exits 0; stop the run so CI fails.
  precondition(
    invalidations == (scenario.rows.isEmpty ? 0 : iterations),
    "\(invalidations) row views invalidated by \(iterations) dispatches")
}
