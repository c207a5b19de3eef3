/// One action as a page shows it: its type, payload and state, when it happened, whether it is
/// skipped, and what it changed in the state before it.
struct PageStep: Sendable {
  /// The card's title: where the action goes and what it is (``describe(type:action:)``).
  var type: String
  /// The action's own payload, inside any composition wrappers.
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
    (self.type, self.action) = Self.describe(type: type, action: action)
    self.state = state
    self.timestamp = timestamp
    self.isSkipped = isSkipped
    changes = StateChange.changes(from: previous, to: state)
  }

  /// The step for an entry line, diffed against the state before it.
  init(_ entry: EntryLine, after previous: JSONValue) {
    (type, action) = Self.describe(type: entry.type, action: entry.action)
    state = entry.state
    timestamp = entry.timestamp?.double
    isSkipped = entry.isSkipped
    changes = StateChange.changes(from: previous, to: entry.state)
  }
}

extension PageStep {
  /// The title of an action's card, where the action goes and then what it is, and the payload
  /// it shows. A composition wrapper names its child on the way in, `Screen #0 › Detail ›
  /// SaveDraft` for `StackAction<Screen>.element(#0, ChildAction<Detail>(SaveDraft()))`, read
  /// from the JSON the registry wrote (`{"type": …, "action": …}` inside each wrapper), and the
  /// payload is the child's own; any other action is titled by its registered name.
  static func describe(type: String, action: JSONValue) -> (title: String, payload: JSONValue) {
    var places: [String] = []
    var (type, action) = (type, action)
    // A recording nests as deep as the app's features; the loop ends at the first plain action.
    while true {
      if let screen = inner(type, of: "StackAction") {
        if let element = action["element"], let id = element["id"]?.integer,
          let child = element["action"], let childType = child["type"]?.string
        {
          places.append("\(screen) #\(id)")
          (type, action) = (childType, child["action"] ?? .null)
          continue
        }
        for (key, verb) in [("popFrom", "pop from"), ("popTo", "pop to")] {
          if let id = action[key]?.integer {
            return (joined(places + ["\(screen): \(verb) #\(id)"]), action)
          }
        }
        if let push = action["push"] { return (joined(places + ["\(screen): push"]), push) }
        return (joined(places + [type]), action)
      }
      if let element = inner(type, of: "ElementAction"), let id = action["id"],
        let child = action["action"], let childType = child["type"]?.string
      {
        places.append("\(element)[\(id.display(limit: 40))]")
        (type, action) = (childType, child["action"] ?? .null)
        continue
      }
      if let child = inner(type, of: "ChildAction"), let childType = action["type"]?.string {
        places.append(child)
        (type, action) = (childType, action["action"] ?? .null)
        continue
      }
      // A binding reads as it prints in tests: `binding(\.draft, "Oat milk")`.
      if inner(type, of: "BindingAction") != nil, let field = action["field"]?.string {
        let value = (action["value"] ?? .null).display(limit: 40)
        return (joined(places + ["binding(\\.\(field), \(value))"]), action)
      }
      return (joined(places + [type]), action)
    }
  }

  /// `Screen` for `StackAction<Screen>` and `wrapper` "StackAction"; nil for another type.
  private static func inner(_ type: String, of wrapper: String) -> String? {
    guard type.hasPrefix(wrapper + "<"), type.hasSuffix(">") else { return nil }
    return String(type.dropFirst(wrapper.count + 1).dropLast())
  }

  private static func joined(_ parts: [String]) -> String { parts.joined(separator: " › ") }
}
