import Foundation

extension JSONValue {
  /// Compact JSON text with object keys sorted, so that equal values always read the same and
  /// two recordings diff well.
  var json: String {
    var text = ""
    write(to: &text)
    return text
  }

  /// ``json`` as UTF-8 bytes.
  var jsonData: Data { Data(json.utf8) }

  /// Appends ``json`` to `text`.
  func write(to text: inout String) {
    switch self {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .number(let value): text += value
    case .string(let value): Self.writeQuoted(value, to: &text)
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.write(to: &text)
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { text += "," }
        Self.writeQuoted(key, to: &text)
        text += ":"
        members[key]?.write(to: &text)
      }
      text += "}"
    }
  }

  /// `string` as a JSON string: quotes, backslashes and control characters escaped, everything
  /// else (slashes, non-ASCII) as it is.
  static func writeQuoted(_ string: String, to text: inout String) {
    text += "\""
    defer { text += "\"" }
    guard string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      text += string
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
  }

  /// The JSON text of a finite floating-point number, as `JSONEncoder` writes it: the shortest
  /// text that reads back to the same value, without a trailing `.0`.
  static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> JSONValue {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .number(text)
  }
}
