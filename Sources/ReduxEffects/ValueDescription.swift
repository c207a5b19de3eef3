/// Short, readable descriptions of values for log entries: like `String(describing:)`, but
/// without module prefixes on nested types, with quoted strings, and with long collections and
/// deep nesting cut short.
enum ValueDescription {
  /// Collections show at most this many elements, then how many more there are.
  static let maximumElements = 10
  /// Values nested deeper than this show as "…".
  static let maximumDepth = 6

  static func describe(_ value: Any) -> String {
    var text = ""
    write(value, depth: 0, to: &text)
    return text
  }

  private static func write(_ value: Any, depth: Int, to text: inout String) {
    if let string = value as? String {
      text += String(reflecting: string)
      return
    }
    let mirror = Mirror(reflecting: value)
    guard depth < maximumDepth || mirror.children.isEmpty else {
      text += "…"
      return
    }
    switch mirror.displayStyle {
    case .optional?:
      if let wrapped = mirror.children.first {
        write(wrapped.value, depth: depth, to: &text)
      } else {
        text += "nil"
      }
    case .collection?, .set?:
      text += "["
      writeElements(mirror, depth: depth, to: &text) { element, text in
        write(element, depth: depth + 1, to: &text)
      }
      text += "]"
    case .dictionary?:
      guard !mirror.children.isEmpty else {
        text += "[:]"
        return
      }
      text += "["
      writeElements(mirror, depth: depth, to: &text) { pair, text in
        let parts = Array(Mirror(reflecting: pair).children)
        guard parts.count == 2 else { return write(pair, depth: depth + 1, to: &text) }
        write(parts[0].value, depth: depth + 1, to: &text)
        text += ": "
        write(parts[1].value, depth: depth + 1, to: &text)
      }
      text += "]"
    case .tuple?:
      text += "("
      writeFields(mirror, depth: depth, to: &text)
      text += ")"
    case .enum?:
      if value is CustomStringConvertible || mirror.children.isEmpty {
        text += String(describing: value)
      } else if let payload = mirror.children.first {
        text += payload.label ?? "case"
        let payloadMirror = Mirror(reflecting: payload.value)
        if payloadMirror.displayStyle == .tuple {
          write(payload.value, depth: depth + 1, to: &text)
        } else {
          text += "("
          write(payload.value, depth: depth + 1, to: &text)
          text += ")"
        }
      }
    case .struct?, .class?:
      if value is CustomStringConvertible || value is CustomDebugStringConvertible {
        text += String(describing: value)
      } else {
        text += String(describing: type(of: value)) + "("
        writeFields(mirror, depth: depth, to: &text)
        text += ")"
      }
    default:
      text += String(describing: value)
    }
  }

  private static func writeFields(_ mirror: Mirror, depth: Int, to text: inout String) {
    var first = true
    for child in mirror.children {
      if !first { text += ", " }
      first = false
      if let label = child.label, !label.hasPrefix(".") { text += label + ": " }
      write(child.value, depth: depth + 1, to: &text)
    }
  }

  private static func writeElements(
    _ mirror: Mirror, depth: Int, to text: inout String,
    _ writeElement: (Any, inout String) -> Void
  ) {
    var count = 0
    for child in mirror.children {
      if count == maximumElements {
        text += ", … (\(mirror.children.count - maximumElements) more)"
        return
      }
      if count > 0 { text += ", " }
      writeElement(child.value, &text)
      count += 1
    }
  }
}
