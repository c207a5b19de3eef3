import Benchmark
import CoreFixtures
import ReduxCore

/// Benchmark 15: one action to one element of 10,000 through `forEach`, each beside its
/// baseline, a reducer written by hand that finds the same element by id and changes it in
/// place: in an `IdentifiedArray` (a hash lookup) and in an `Array` (a linear search), as a
/// reducer call and through a store. Neither may copy the collection: the run stops with an
/// error if its storage moves, and reports the copies it saw ("Array copies", 0 in every
/// sample).
func registerComposition() {
  let configuration = Benchmark.Configuration(
    metrics: Benchmark.defaultConfiguration.metrics + [arrayCopies])

  // The reducer calls use actions built once, so they measure routing alone: no allocation.
  for (name, reducer, actions) in [
    ("15a forEach: 1 of 10,000 in an IdentifiedArray, reducer call", identifiedForEach, rowActions),
    (
      "15a Baseline: by id by hand, 1 of 10,000 in an IdentifiedArray, reducer call",
      identifiedByHand, rowByIDActions
    ),
    ("15b forEach: 1 of 10,000 in an Array, reducer call", arrayForEach, rowActions),
    (
      "15b Baseline: by id by hand, 1 of 10,000 in an Array, reducer call", arrayByHand,
      rowByIDActions
    ),
  ] {
    var table = RowTable()
    var next = 0
    let reducer = identity(reducer)
    Benchmark(name, configuration: configuration) { benchmark in
      let before = (table.identifiedAddress, table.arrayAddress)
      for _ in benchmark.scaledIterations {
        reducer(&table, actions[next])
        next = next == 9_999 ? 0 : next + 1
      }
      report(copiedFrom: before, to: (table.identifiedAddress, table.arrayAddress), in: benchmark)
    }
  }

  // Through a store, each action is built per dispatch as an app builds it. An element action
  // (an id and an `any Action`) is larger than an existential's inline buffer, so boxing it
  // for `dispatch` allocates once; the hand-written action fits and does not.
  let forEachStore = Store(initialState: RowTable(), reducer: identifiedForEach)
  var nextForEach = 0
  Benchmark(
    "15c forEach: 1 of 10,000 in an IdentifiedArray, dispatch", configuration: configuration
  ) {
    benchmark in
    let before = forEachStore.addresses
    for _ in benchmark.scaledIterations {
      forEachStore.dispatch(ElementAction<Row>(id: nextForEach, action: BumpRow()))
      nextForEach = nextForEach == 9_999 ? 0 : nextForEach + 1
    }
    report(copiedFrom: before, to: forEachStore.addresses, in: benchmark)
  }

  let byHandStore = Store(initialState: RowTable(), reducer: identifiedByHand)
  var nextByHand = 0
  Benchmark(
    "15c Baseline: by id by hand, 1 of 10,000 in an IdentifiedArray, dispatch",
    configuration: configuration
  ) { benchmark in
    let before = byHandStore.addresses
    for _ in benchmark.scaledIterations {
      byHandStore.dispatch(BumpRowByID(id: nextByHand))
      nextByHand = nextByHand == 9_999 ? 0 : nextByHand + 1
    }
    report(copiedFrom: before, to: byHandStore.addresses, in: benchmark)
  }
}

extension Store<RowTable> {
  /// Where both collections' elements live; read from a state copy that is released before the
  /// next dispatch, so reading it does not itself cause a copy.
  fileprivate var addresses: (UnsafeRawPointer?, UnsafeRawPointer?) {
    let state = state
    return (state.identifiedAddress, state.arrayAddress)
  }
}

private func report(
  copiedFrom before: (UnsafeRawPointer?, UnsafeRawPointer?),
  to after: (UnsafeRawPointer?, UnsafeRawPointer?), in benchmark: Benchmark
) {
  let copied = before != after
  benchmark.measurement(arrayCopies, copied ? 1 : 0)
  // The harness reports `benchmark.error` but still exits 0; stop the run so CI fails.
  precondition(!copied, "a 10,000-element collection was copied by an element action")
}
