import Synchronization

// Whether a store shows a state its app did not reach by its own actions. ReduxDevTools sets it
// (a past step, a skipped action, a loaded recording, changes locked, a replay); ReduxCore
// publishes it as `Store.isTimeTravelling`; ReduxPersistence reads it to save nothing while it
// is set. It lives here so that neither module imports the other.

/// Why a store's state is being travelled; each reason is set and cleared on its own.
package struct TimeTravelReason: OptionSet, Sendable {
  package let rawValue: Int
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// DevTools shows something other than the latest live state: a past step, a recomputed
  /// history with a skipped action, or a loaded recording not yet committed.
  package static let history = TimeTravelReason(rawValue: 1 << 0)
  /// DevTools drops every action (its lock).
  package static let locked = TimeTravelReason(rawValue: 1 << 1)
}

/// One store's time-travel reasons, plus how many recordings are being replayed into it.
///
/// Set by the thread that changes the state (inside the store's queue, before subscribers are
/// told), so a subscriber that reads it sees the value for the state it was given.
package final class TimeTravelMark: Sendable {
  /// The reasons in the low bits, the replay count above them.
  private let bits = Atomic<Int>(0)
  private static let replayUnit = 1 << 8

  package init() {}

  /// Whether any reason is set or a replay is running.
  package var isTravelling: Bool { bits.load(ordering: .acquiring) != 0 }

  /// Sets or clears `reason`.
  package func set(_ reason: TimeTravelReason, _ isOn: Bool) {
    if isOn {
      bits.bitwiseOr(reason.rawValue, ordering: .releasing)
    } else {
      bits.bitwiseAnd(~reason.rawValue, ordering: .releasing)
    }
  }

  /// Counts a replay in while `body` runs.
  package func replaying<Result>(_ body: () throws -> Result) rethrows -> Result {
    bits.add(Self.replayUnit, ordering: .releasing)
    defer { bits.subtract(Self.replayUnit, ordering: .releasing) }
    return try body()
  }
}
