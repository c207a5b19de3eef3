// Fixtures for benchmark 16 (view stores by identity), shared by CoreBenchmarks and UIProfile so
// that both measure the same code.
import Observation
import ReduxCore
import ReduxUI
import Synchronization

/// A row of a list: identifiable, `Equatable`, with a title long enough to live on the heap
/// (so copying the list retains each title, as copying a real list does).
public struct Row: Identifiable, Sendable, Equatable {
  /// The row's id; equal to its index in ``RowList/rows``.
  public let id: Int
  /// The row's title.
  public var title: String
}

/// A list of rows.
public struct RowList: Sendable {
  /// The rows, with ids 0 to `count - 1`.
  public var rows: [Row]

  /// `count` rows.
  public init(count: Int) {
    rows = (0..<count).map { Row(id: $0, title: "the title of row number \($0)") }
  }
}

/// A row's action: set its title.
public struct RenameRow: Action {
  /// The new title.
  public var title: String
}

/// Applies a row's action to the row it is addressed to; a row's id is its index, so the
/// lookup costs nothing next to what is measured.
public let rowListReducer = Reducer<RowList>.on(ElementAction<Row>.self) { state, element in
  guard let rename = element.action.as(RenameRow.self) else { return }
  state.rows[element.id].title = rename.title
}

/// Two titles made once, so that renaming a row allocates nothing.
private let titles = ["a first title, long enough to be on the heap", "a second title, as long"]

/// A list on the main actor: a store of `rows` rows, its view store, a view store for every row
/// (or none, for the baseline) and the first `observed` of them tracked as views on screen do.
/// Each `step()` renames one observed row through its view store, and then tracks it again, as
/// the row's view would when it re-renders.
@MainActor
public final class RowsScenario {
  /// The store.
  public let store: Store<RowList>
  /// The list's view store.
  public let model: ViewStore<RowList>
  /// The rows' view stores, or none.
  public let rows: [ViewStore<Row>]
  private let observed: Int
  private var next = 0
  private var title = 0
  private let invalidated = Tally()

  /// A list of `rowCount` rows; with `rowViewStores`, a view store for each row and the first
  /// `observed` tracked.
  public init(rowCount: Int, rowViewStores: Bool, observed: Int) {
    store = Store(initialState: RowList(count: rowCount), reducer: rowListReducer)
    model = ViewStore(store)
    rows = rowViewStores ? model.scope(each: \.rows) : []
    self.observed = observed
    for row in rows.prefix(observed) { track(row) }
  }

  /// How many rows' views have been told their row changed.
  public var invalidations: Int { invalidated.count }

  /// Renames the next observed row (or, without row view stores, dispatches the same action
  /// through the list's view store), then tracks it again.
  public func step() {
    title ^= 1
    let action = RenameRow(title: titles[title])
    if rows.isEmpty {
      model.dispatch(ElementAction<Row>(id: next, action: action))
    } else {
      rows[next].dispatch(action)
      track(rows[next])
    }
    next = next + 1 == observed ? 0 : next + 1
  }

  /// Tracks the row's title as its view's body would.
  private func track(_ row: ViewStore<Row>) {
    let invalidated = self.invalidated
    withObservationTracking {
      _ = row.title
    } onChange: {
      invalidated.add()
    }
  }
}

/// A count that callbacks on any thread add to.
final class Tally: Sendable {
  private let value = Atomic(0)

  /// Adds one.
  func add() { value.add(1, ordering: .relaxed) }

  /// The count so far.
  var count: Int { value.load(ordering: .relaxed) }
}
