/// An action as a test probe sees it, right after the reducer ran (ReduxCore's test probe,
/// read by ReduxTesting); `Action` is ReduxCore's `any Action`.
@usableFromInline
package struct ProcessedAction<Action: Sendable, State: Sendable>: Sendable {
  /// The action as the reducer saw it (after middleware).
  package let action: Action
  /// The send it descends from.
  package let origin: ActionOrigin
  /// Whether it is the action a `send` enqueued itself, rather than one a side effect sent.
  package let isSent: Bool
  /// The state after the reducer.
  package let state: State

  @usableFromInline
  package init(action: Action, origin: ActionOrigin, isSent: Bool, state: State) {
    self.action = action
    self.origin = origin
    self.isSent = isSent
    self.state = state
  }
}
