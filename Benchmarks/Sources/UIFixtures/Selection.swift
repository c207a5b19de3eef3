// Fixtures for benchmark 17 (a memoized selector read by many subscribers), shared by
// CoreBenchmarks and UIProfile.
import ReduxCore

/// A list of numbers and the smallest one shown; `note` is read by no selector.
public struct Readings: Sendable {
  /// 1,000 numbers.
  public var values = Array(0..<1_000)
  /// The smallest value shown.
  public var minimum = 0
  /// A field no selector reads.
  public var note = 0
}

/// Sets ``Readings/minimum``.
public struct SetMinimum: Action {
  /// The new minimum.
  public var minimum: Int
  /// The action.
  public init(minimum: Int) { self.minimum = minimum }
}

/// Sets ``Readings/note``.
public struct SetNote: Action {
  /// The new note.
  public var note: Int
  /// The action.
  public init(note: Int) { self.note = note }
}

/// Applies ``SetMinimum`` and ``SetNote``.
public let readingsReducer = Reducer<Readings>
  .on(SetMinimum.self) { state, action in state.minimum = action.minimum }
  .on(SetNote.self) { state, action in state.note = action.note }

/// A store of ``Readings`` with `subscribers` subscriptions to the values shown (those at or
/// above the minimum): through one memoized selector, or each with a plain `select` closure
/// that filters for itself. It counts the filter's runs.
public final class SelectionScenario: Sendable {
  /// The store.
  public let store = Store(initialState: Readings(), reducer: readingsReducer)
  private let runs = Tally()
  private let subscriptions: [Subscription]

  /// `subscribers` subscriptions, memoized or not.
  public init(subscribers: Int, memoized: Bool) {
    let runs = self.runs
    let shown: @Sendable (Int, [Int]) -> [Int] = { minimum, values in
      runs.add()
      return values.filter { $0 >= minimum }
    }
    let store = self.store
    if memoized {
      let selector = MemoizedSelector(\Readings.minimum, \.values, projector: shown)
      subscriptions = (0..<subscribers).map { _ in store.subscribe(selector) { blackHole($0) } }
    } else {
      subscriptions = (0..<subscribers).map { _ in
        store.subscribe(select: { shown($0.minimum, $0.values) }) { blackHole($0) }
      }
    }
  }

  /// How many times the filter has run.
  public var projectorRuns: Int { runs.count }
}

/// Keeps a value from being optimized away.
@inline(never)
func blackHole<T>(_ value: T) {}
