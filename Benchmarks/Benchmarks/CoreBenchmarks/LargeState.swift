import Benchmark
import CoreFixtures
import ReduxCore

/// Benchmark 4: a 100,000-element array next to a counter. Neither action may copy the array;
/// the run stops with an error if the array's storage moves, and reports the copies it saw
/// (the custom metric "Array copies", 0 in every sample).
func registerLargeState() {
  let configuration = Benchmark.Configuration(
    metrics: Benchmark.defaultConfiguration.metrics + [arrayCopies])

  let counterStore = Store(initialState: Catalog(), reducer: catalogReducer)
  Benchmark("4a Dispatch: large state, counter write", configuration: configuration) { benchmark in
    let before = counterStore.itemsAddress
    for _ in benchmark.scaledIterations {
      counterStore.dispatch(BumpCounter())
    }
    report(copiedFrom: before, to: counterStore.itemsAddress, in: benchmark)
  }

  let itemStore = Store(initialState: Catalog(), reducer: catalogReducer)
  var next = 0
  Benchmark("4b Dispatch: large state, one element write", configuration: configuration) {
    benchmark in
    let before = itemStore.itemsAddress
    for _ in benchmark.scaledIterations {
      itemStore.dispatch(SetItem(index: next, value: next))
      next = next == 99_999 ? 0 : next + 1
    }
    report(copiedFrom: before, to: itemStore.itemsAddress, in: benchmark)
  }
}

extension Store<Catalog> {
  /// Where the array's elements live; it changes only if the array was copied. The state copy
  /// read here is released before the next dispatch, so it does not itself cause a copy.
  fileprivate var itemsAddress: UnsafeRawPointer? {
    state.items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }
}

private func report(
  copiedFrom before: UnsafeRawPointer?, to after: UnsafeRawPointer?, in benchmark: Benchmark
) {
  let copied = before != after
  benchmark.measurement(arrayCopies, copied ? 1 : 0)
  // The harness reports `benchmark.error` but still exits 0; stop the run so CI fails.
  precondition(!copied, "the 100,000-element array was copied during dispatch")
}
