import Benchmark
import CoreFixtures
import ReduxCommand
import ReduxCore

/// Benchmark 15d: what a command reducer's `forEach` costs on every action. An action that no
/// element handles is dispatched to a store of 10,000 rows; the baseline is the same store whose
/// reducer has no `forEach`. With no row's work in flight the store checks nothing for removed
/// rows.
///
/// Benchmark 15e: the same with 64 rows whose work is in flight: after each action the store
/// looks each of them up by id, to cancel the work of those that are gone.
func registerCommandComposition() {
  let row = CommandReducer<Row>.on(BumpRow.self) { row, _ in
    row.value &+= 1
    return .none
  }
  let parent = CommandReducer<RowTable>.on(Unrelated.self) { _, _ in .none }
  for (name, reducer) in [
    ("15d Baseline: command store of 10,000 rows, no forEach, unrelated action", parent),
    (
      "15d Command forEach: 10,000 in an IdentifiedArray, unrelated action",
      parent.forEach(\.identified, element: row)
    ),
    (
      "15d Command forEach: 10,000 in an Array, unrelated action",
      parent.forEach(\.array, element: row)
    ),
  ] {
    let store = Store(initialState: RowTable(), commandReducer: reducer)
    Benchmark(name) { benchmark in
      for _ in benchmark.scaledIterations {
        store.dispatch(Unrelated())
      }
    }
  }

  let working = row.on(StartWork.self) { _, _ in
    .run { _ in try? await Task.sleep(for: .seconds(86_400)) }
  }
  for (name, reducer) in [
    (
      "15e Command forEach: 10,000 in an IdentifiedArray, 64 with work in flight",
      parent.forEach(\.identified, element: working)
    ),
    (
      "15e Command forEach: 10,000 in an Array, 64 with work in flight",
      parent.forEach(\.array, element: working)
    ),
  ] {
    let store = Store(initialState: RowTable(), commandReducer: reducer)
    for id in 0..<64 { store.dispatch(ElementAction<Row>(id: id, action: StartWork())) }
    Benchmark(name) { benchmark in
      for _ in benchmark.scaledIterations {
        store.dispatch(Unrelated())
      }
    }
  }
}

/// Starts work that stays in flight for the whole benchmark.
private struct StartWork: Action {}

/// An action that no row handles.
private struct Unrelated: Action {}
