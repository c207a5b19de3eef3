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

extension ReplayDivergence: CustomStringConvertible where State: Encodable {
  /// The step, the action, and where the two states differ, one line per value that differs
  /// (the first 20), as the pages show a change:
  ///
  /// ```text
  /// step 2 (AddMeeting) replays differently:
  ///   meetings[0].id: recorded "00000000-0000-0000-0000-000000000002", replayed "5F3A…"
  /// ```
  ///
  /// A state that does not encode is named as such; the states themselves are in ``recorded``
  /// and ``replayed``.
  public var description: String {
    let action = actionType.map { " (\($0))" } ?? " (the initial state)"
    var text = "step \(step)\(action) replays differently:"
    guard let before = try? JSONValue(showing: recorded),
      let after = try? JSONValue(showing: replayed)
    else { return text + " the states do not encode as JSON to show where" }
    let changes = StateChange.changes(from: before, to: after)
    guard !changes.isEmpty else {
      return text + " the states differ but encode the same (a value JSON does not show)"
    }
    for change in changes.prefix(20) {
      let recorded = change.before?.display() ?? "(none)"
      let replayed = change.after?.display() ?? "(none)"
      text += "\n  \(change.path): recorded \(recorded), replayed \(replayed)"
    }
    if changes.count > 20 { text += "\n  … and \(changes.count - 20) more" }
    return text
  }
}
