import ReduxCore

/// A recorded session as a value: the state before the first action, and each action with the
/// state after it.
///
/// Get one from ``DevTools/recording``, or import one with
/// ``Recording/init(jsonLines:registry:)``; write it with ``Recording/jsonLines(registry:)``,
/// check it against a reducer with ``Recording/replay(reducer:)``.
///
/// Steps number the states: step 0 is ``initialState``, step `i` the state after
/// `entries[i - 1]`.
public struct Recording<State: Sendable>: Sendable {
  /// The state before the first entry.
  public var initialState: State
  /// The recorded actions, oldest first.
  public var entries: [RecordedAction<State>]

  /// Creates a recording from its parts.
  public init(initialState: State, entries: [RecordedAction<State>] = []) {
    self.initialState = initialState
    self.entries = entries
  }

  /// Every state of the session: ``initialState`` followed by the state after each entry.
  public var states: [State] { [initialState] + entries.map(\.state) }

  /// The state at a step: 0 is ``initialState``, `i` the state after `entries[i - 1]`.
  public func state(atStep step: Int) -> State {
    step == 0 ? initialState : entries[step - 1].state
  }
}
