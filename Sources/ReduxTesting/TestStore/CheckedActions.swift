/// Which of the actions in a test store's log the test has checked, as positions in the log.
///
/// Every position before ``cursor`` is checked except those in ``kept``: received actions that
/// an exhaustive `send` passed over, reported, and kept for a later `receive`. Positions from
/// the cursor on have not been looked at yet. The rules live in this value, apart from the log
/// and the waiting, so each step states only what it checks.
struct CheckedActions: Sendable {
  /// The first position not looked at yet.
  private(set) var cursor = 0
  /// Unchecked positions before the cursor, in order.
  private(set) var kept: [Int] = []
  /// The latest position checked; the state after it is the test store's state.
  private(set) var latest: Int?

  /// The unchecked positions among the first `count` of the log, oldest first.
  func unchecked(inFirst count: Int) -> [Int] {
    kept + Array(cursor..<max(cursor, count))
  }

  /// Marks `position` checked; unchecked positions before it stay unchecked.
  mutating func check(_ position: Int) {
    if position < cursor {
      kept.removeAll { $0 == position }
    } else {
      kept += cursor..<position
      cursor = position + 1
    }
    latest = max(latest ?? position, position)
  }

  /// Marks every position up to and including `position` checked.
  mutating func check(through position: Int) {
    kept.removeAll { $0 <= position }
    cursor = max(cursor, position + 1)
    latest = max(latest ?? position, position)
  }
}
