import Benchmark
import UIFixtures

/// Benchmark 17: 1,000 subscribers to the values shown of a 1,000-element list (those at or
/// above a minimum), each dispatch changing the minimum. The baseline subscribes with plain
/// `select` closures, so each subscriber filters the list itself; the memoized selector filters
/// once per dispatch and the other 999 subscribers recall the result. The custom metric counts
/// the filter's runs per dispatch (and the run stops if the memoized selector runs more than
/// once, or at all when the dispatch changes a field it does not read).
func registerMemoizedSelectors() {
  var configuration = Benchmark.defaultConfiguration
  configuration.metrics += [projectorRuns]
  configuration.timeUnits = .microseconds
  configuration.scalingFactor = .one

  let plain = SelectionScenario(subscribers: 1_000, memoized: false)
  Benchmark(
    "17a Selector: 1,000 subscribers, plain select closures, input changed (baseline)",
    configuration: configuration
  ) { benchmark in
    run(plain, changingInput: true, expectedRuns: 1_000, benchmark)
  }
  let memoized = SelectionScenario(subscribers: 1_000, memoized: true)
  Benchmark(
    "17b Selector: 1,000 subscribers, one memoized selector, input changed",
    configuration: configuration
  ) { benchmark in
    run(memoized, changingInput: true, expectedRuns: 1, benchmark)
  }
  Benchmark(
    "17c Selector: 1,000 subscribers, one memoized selector, input unchanged",
    configuration: configuration
  ) { benchmark in
    run(memoized, changingInput: false, expectedRuns: 0, benchmark)
  }
}

/// How many times the selector's projector (the filter) ran per dispatch.
let projectorRuns = BenchmarkMetric.custom("Projector runs per dispatch", useScalingFactor: false)

private func run(
  _ scenario: SelectionScenario, changingInput: Bool, expectedRuns: Int, _ benchmark: Benchmark
) {
  let iterations = benchmark.scaledIterations.count
  let before = scenario.projectorRuns
  // A value that differs from the last one dispatched, for each dispatch.
  var next = max(scenario.store.state.minimum, scenario.store.state.note)
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    next = next == 999 ? 0 : next + 1
    if changingInput {
      scenario.store.dispatch(SetMinimum(minimum: next))
    } else {
      scenario.store.dispatch(SetNote(note: next))
    }
  }
  benchmark.stopMeasurement()
  let runs = scenario.projectorRuns - before
  benchmark.measurement(projectorRuns, runs / iterations)
  precondition(
    runs == expectedRuns * iterations,
    "the projector ran \(runs) times for \(iterations) dispatches")
}
