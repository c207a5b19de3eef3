// Runs one ReduxUI benchmark scenario a given number of times under valgrind's callgrind, as
// CoreProfile does for ReduxCore: instruction counts stay the same from run to run on a busy
// machine where wall time does not. Only the loop inside `measured` is counted:
//
//   swift build -c release --package-path Benchmarks --product UIProfile
//   valgrind --tool=callgrind --collect-atstart=no \
//     Benchmarks/.build/release/UIProfile viewstore 20000
//
// Divide the total by the count for instructions per operation.
import CallgrindClient
import CoreFixtures
import Observation
import ReduxCore
import ReduxUI
import UIFixtures

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor
@inline(never)
func measured(_ count: Int, _ body: () -> Void) {
  callgrind_collect_start()
  for _ in 0..<count { body() }
  callgrind_collect_stop()
}

/// Tracks `read` as a SwiftUI body would, with an observer that does nothing.
@MainActor
func observe(_ read: () -> Void) {
  withObservationTracking(read) {}
}

let scenarios = [
  "viewstore", "rows1000", "rows10000", "rows10000-all", "rows10000-50", "rows1000-baseline",
  "rows10000-baseline", "selector-memoized", "selector-plain",
]
let arguments = CommandLine.arguments.dropFirst()
guard let scenario = arguments.first, scenarios.contains(scenario) else {
  print("usage: UIProfile <\(scenarios.joined(separator: "|"))> [count]")
  exit(2)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000

// Top-level code runs on the main actor. The process never runs the main actor's queue, so a
// hop a view store schedules never runs: every scenario publishes through `ViewStore.dispatch`.
switch scenario {
case "rows1000", "rows10000", "rows10000-all", "rows10000-50", "rows1000-baseline",
  "rows10000-baseline":
  // Benchmark 16: one row of the list renamed per dispatch through its view store.
  let rowCount = scenario.hasPrefix("rows1000-") || scenario == "rows1000" ? 1_000 : 10_000
  let list = RowsScenario(
    rowCount: rowCount, rowViewStores: !scenario.hasSuffix("baseline"),
    observed: scenario == "rows10000-all" ? 10_000 : scenario == "rows10000-50" ? 50 : 1_000)
  measured(count) { list.step() }
case "selector-memoized", "selector-plain":
  // Benchmark 17: 1,000 subscribers to the values above a minimum; the minimum changes.
  let selection = SelectionScenario(subscribers: 1_000, memoized: scenario == "selector-memoized")
  var next = 0
  measured(count) {
    next = next == 999 ? 0 : next + 1
    selection.store.dispatch(SetMinimum(minimum: next))
  }
default:
  // Benchmark 11d: ten fields observed, the action changes one, published at once.
  let model = ViewStore(Store(initialState: TenFields(), reducer: tenFieldsReducer))
  observe { _ = model.f0 }
  observe { _ = model.f1 }
  observe { _ = model.f2 }
  observe { _ = model.f3 }
  observe { _ = model.f4 }
  observe { _ = model.f5 }
  observe { _ = model.f6 }
  observe { _ = model.f7 }
  observe { _ = model.f8 }
  observe { _ = model.f9 }
  measured(count) { model.dispatch(BumpFirst()) }
}
print("\(scenario): \(count) operations")
