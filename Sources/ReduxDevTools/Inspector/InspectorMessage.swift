// The messages between the live inspector and its page, each one JSON object per WebSocket text
// message. From the server, `kind` says what it is:
//
//   snapshot  the whole history: `base` (the base state's card), `cards` (one per action, HTML
//             rendered by PageRenderer, as on the session page), `count`, `current`, `status`
//   append    new actions: `cards`, the history's `count` after them (older cards beyond it
//             are dropped), `current`, `status`, and `base` when the ring folded its oldest
//   status    only `current` and `status` changed (recording, lock, capacity)
//   dropped   `count` updates were dropped because the page fell behind; a snapshot follows
//   state     the state at entry `id` as a tree (`tree`), asked for by the page
//   export    the history as JSON Lines (`text`), asked for by the page
//   error     a request the server could not carry out (`message`); nothing changed
//
// From the page, `op` names the request: jump, latest, skip, include, skipRange,
// includeRange, move, sweep, commit, rollback, reset, record, lock, capacity, dispatch, state,
// export, import, importActions. Entries are named by `id`, the sequence number each card
// carries (`data-id`; 0 is the base state). A message that is not such an object closes the
// connection.

/// Builds the server's messages.
enum InspectorMessage {
  static func dropped(_ count: Int) -> String {
    JSONValue.object(["kind": .string("dropped"), "count": .number(String(count))]).json
  }

  static func error(_ message: String) -> String {
    JSONValue.object(["kind": .string("error"), "message": .string(message)]).json
  }

  static func state(id: Int, tree: String) -> String {
    JSONValue.object([
      "kind": .string("state"), "id": .number(String(id)), "tree": .string(tree),
    ]).json
  }

  static func export(_ text: String) -> String {
    JSONValue.object(["kind": .string("export"), "text": .string(text)]).json
  }

  static func history(
    kind: String, base: String?, cards: String, count: Int, current: Int, status: JSONValue
  ) -> String {
    var members: [String: JSONValue] = [
      "kind": .string(kind), "cards": .string(cards), "count": .number(String(count)),
      "current": .number(String(current)), "status": status,
    ]
    members["base"] = base.map(JSONValue.string)
    return JSONValue.object(members).json
  }

  static func status(current: Int, status: JSONValue) -> String {
    JSONValue.object([
      "kind": .string("status"), "current": .number(String(current)), "status": status,
    ]).json
  }
}

/// A request from the page that could not be carried out: shown in the page, and nothing
/// changed.
enum InspectorRequestError: Error, CustomStringConvertible {
  case action(ActionDecodingError)
  case changesLocked
  case invalidCapacity(String)
  case importFailed(String)
  case exportFailed(RecordingExportError)
  case entryGone(Int)
  /// A number from the page outside what the request allows.
  case outOfRange(op: String, member: String, value: String, range: ClosedRange<Int>)
  /// Not a request this server knows: the connection is closed rather than answered.
  case malformedRequest(String)

  /// The largest history the page may ask for, which also bounds a move.
  static let maximumCapacity = 1_000_000

  var description: String {
    switch self {
    case .action(let error): "cannot dispatch: \(error)"
    case .changesLocked: "changes are locked: unlock them to dispatch"
    case .invalidCapacity(let value):
      "the capacity must be a whole number from 1 to \(Self.maximumCapacity), not "
        + value
    case .importFailed(let reason): "cannot import: \(reason)"
    case .exportFailed(let error): "cannot export: \(error)"
    case .entryGone(let id): "entry \(id) is no longer in the history"
    case .outOfRange(let op, let member, let value, let range):
      "\"\(op)\" needs \"\(member)\" from \(range.lowerBound) to \(range.upperBound), not \(value)"
    case .malformedRequest(let reason): reason
    }
  }
}
