/// One action as a page shows it: its type, payload and state, when it happened, whether it is
/// skipped, and what it changed in the state before it.
struct PageStep: Sendable {
  var type: String
  var action: JSONValue
  var state: JSONValue
  /// Seconds since 1970, if the recording has them.
  var timestamp: Double?
  var isSkipped: Bool
  var changes: [StateChange]

  init(
    type: String, action: JSONValue, state: JSONValue, timestamp: Double?, isSkipped: Bool,
    after previous: JSONValue?
  ) {
    self.type = type
    self.action = action
    self.state = state
    self.timestamp = timestamp
    self.isSkipped = isSkipped
    changes = StateChange.changes(from: previous, to: state)
  }

  /// The step for an entry line, diffed against the state before it.
  init(_ entry: EntryLine, after previous: JSONValue) {
    type = entry.type
    action = entry.action
    state = entry.state
    timestamp = entry.timestamp?.double
    isSkipped = entry.isSkipped
    changes = StateChange.changes(from: previous, to: entry.state)
  }
}
