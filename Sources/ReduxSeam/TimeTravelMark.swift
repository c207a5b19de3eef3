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
@usableFromInline
package final class TimeTravelMark: Sendable {
  /// The reasons in the low bits, the replay count above them.
  @usableFromInline let bits = Atomic<Int>(0)
  /// How many times the mark went from set to clear.
  @usableFromInline let ends = Atomic<Int>(0)
  private static let replayUnit = 1 << 8

  package init() {}

  /// Whether any reason is set or a replay is running.
  @inlinable
  package var isTravelling: Bool { bits.load(ordering: .acquiring) != 0 }

  /// How many travels have ended: an observer that compares it with the number it last saw
  /// learns that the state it is given ends a travel, even when that state equals the one the
  /// travel showed (a commit of the step shown).
  @inlinable
  package var travelEnds: Int { ends.load(ordering: .acquiring) }

  /// Sets or clears `reason`.
  package func set(_ reason: TimeTravelReason, _ isOn: Bool) {
    let (old, new) =
      isOn
      ? bits.bitwiseOr(reason.rawValue, ordering: .acquiringAndReleasing)
      : bits.bitwiseAnd(~reason.rawValue, ordering: .acquiringAndReleasing)
    if old != 0 && new == 0 { ends.add(1, ordering: .releasing) }
  }

  /// Counts a replay in while `body` runs.
  package func replaying<Result>(_ body: () throws -> Result) rethrows -> Result {
    bits.add(Self.replayUnit, ordering: .releasing)
    defer {
      let (_, new) = bits.subtract(Self.replayUnit, ordering: .acquiringAndReleasing)
      if new == 0 { ends.add(1, ordering: .releasing) }
    }
    return try body()
  }
}
