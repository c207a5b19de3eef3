/// The first step at which a replay's state differs from the recorded one.
public struct ReplayDivergence<State: Sendable>: Sendable {
  /// The step: 0 is the initial state, `i` the state after `entries[i - 1]`.
  public var step: Int
  /// The type name of the action at that step; `nil` at step 0.
  public var actionType: String?
  /// The state the recording holds.
  public var recorded: State
  /// The state the replay produced.
  public var replayed: State
}
