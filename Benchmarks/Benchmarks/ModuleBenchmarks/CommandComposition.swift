import Benchmark
import CoreFixtures
import ReduxCommand
import ReduxCore

/// Benchmark 15d: what a command reducer's `forEach` costs on every action to find removed
/// elements (so as to cancel their commands). An action that no element handles is dispatched
/// to a store of 10,000 rows; the baseline is the same store whose reducer has no `forEach`.
/// With an `IdentifiedArray` the ids kept across the action are compared in O(1); with an
/// `Array` they are read, and compared, in a pass over the rows.
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
}

/// An action that no row handles.
private struct Unrelated: Action {}
