/// Lists what changed between two states, for the logger effect: one line per changed value,
/// `path: old → new`.
///
/// Structs, classes and tuples are walked property by property; any other value (collections,
/// enums, optionals, scalars) is a leaf compared by its description, so a changed array shows
/// as one line with both arrays.
enum StateDiff {
  /// The longest description of a value before it is cut short with "…".
  static let maximumValueLength = 200

  static func changes(from old: Any, to new: Any) -> [String] {
    var lines: [String] = []
    collect(old, new, path: "", into: &lines)
    return lines
  }

  private static func collect(_ old: Any, _ new: Any, path: String, into lines: inout [String]) {
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    if isRecord(oldMirror), oldMirror.subjectType == newMirror.subjectType {
      let oldChildren = Array(oldMirror.children)
      let newChildren = Array(newMirror.children)
      if oldChildren.count == newChildren.count,
        zip(oldChildren, newChildren).allSatisfy({ $0.label != nil && $0.label == $1.label })
      {
        for (oldChild, newChild) in zip(oldChildren, newChildren) {
          let label = oldChild.label ?? ""
          let childPath = path.isEmpty ? label : "\(path).\(label)"
          collect(oldChild.value, newChild.value, path: childPath, into: &lines)
        }
        return
      }
    }
    let before = describe(old)
    let after = describe(new)
    if before != after {
      lines.append("\(path.isEmpty ? "state" : path): \(before) → \(after)")
    }
  }

  private static func isRecord(_ mirror: Mirror) -> Bool {
    switch mirror.displayStyle {
    case .struct?, .class?, .tuple?: return !mirror.children.isEmpty
    default: return false
    }
  }

  private static func describe(_ value: Any) -> String {
    let text = ValueDescription.describe(value)
    guard text.count > maximumValueLength else { return text }
    return String(text.prefix(maximumValueLength)) + "…"
  }
}
