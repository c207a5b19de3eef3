import Foundation
import ReduxCore
import ReduxSeam

/// One entry of a recorded session: an action, the state right after it, and when it happened.
///
/// A skipped entry (see ``DevTools/skip(step:)``) keeps its action, and its ``state`` is the state
/// before it, because the reducer no longer applies it.
public struct RecordedAction<State: Sendable>: Sendable {
  /// The action as the reducer received it.
  public var action: any Action
  /// The state after the reducer applied ``action`` (or, if skipped, the state before it).
  public var state: State
  /// When the action was reduced, from the clock the recorder was given.
  public var timestamp: Date
  /// Whether time travel has taken this action out of the computed states.
  public var isSkipped: Bool
  /// The entry's number in its ``DevTools`` history (0 until it is recorded or loaded there):
  /// it stays the same while the history's ring moves, so a live inspector can name the entry.
  @usableFromInline var sequence: Int

  /// Creates an entry; the recorder makes these, tests and importers may too.
  @inlinable
  public init(action: any Action, state: State, timestamp: Date, isSkipped: Bool = false) {
    self.init(action: action, state: state, timestamp: timestamp, sequence: 0)
    self.isSkipped = isSkipped
  }

  /// Creates an entry numbered `sequence` in its history.
  @inlinable
  init(action: any Action, state: State, timestamp: Date, sequence: Int) {
    self.action = action
    self.state = state
    self.timestamp = timestamp
    self.isSkipped = false
    self.sequence = sequence
  }

  /// The name of the action's type, as the timeline shows it.
  public var actionType: String { typeName(type(of: action)) }
}
