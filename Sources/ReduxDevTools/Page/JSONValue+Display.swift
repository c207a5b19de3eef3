/// How the pages show a value: as Swift would write it rather than as raw JSON, so that an
/// enum case reads `.server("500 for boom")`, not `{"server":{"_0":"500 for boom"}}`.
extension JSONValue {
  /// The case name and associated values, if this is what Swift's synthesized `Codable` writes
  /// for an enum case with unlabeled values or none: an object with one member whose value is
  /// an object that is empty (`{"loading":{}}`) or holds only `_0`, `_1`, … members
  /// (`{"server":{"_0":"boom"}}`).
  ///
  /// A case with labeled values (`{"failed":{"code":500}}`) reads the same as a struct holding a
  /// struct, so it is shown as an object.
  var enumCase: (name: String, values: [JSONValue])? {
    guard case .object(let members) = self, members.count == 1,
      let (name, payload) = members.first, case .object(let fields) = payload
    else { return nil }
    var values: [JSONValue] = []
    for index in 0..<fields.count {
      guard let value = fields["_\(index)"] else { return nil }
      values.append(value)
    }
    return (name, values)
  }

  /// Whether this is a string, a number, a Boolean or null.
  var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  /// The value as Swift would write it, cut with "…" once it passes `limit` characters:
  /// `nil`, `true`, `12`, `"text"`, `[1, 2]`, `{count: 1, name: "a"}`, `.loading`,
  /// `.server("500 for boom")`. Object members are in key order.
  func display(limit: Int = 160) -> String {
    var text = ""
    write(to: &text, limit: limit)
    if text.count > limit { return String(text.prefix(limit - 1)) + "…" }
    return text
  }

  private func write(to text: inout String, limit: Int) {
    guard text.utf8.count <= limit * 4 else { return }
    if let (name, values) = enumCase {
      text += "." + name
      guard !values.isEmpty else { return }
      text += "("
      for (index, value) in values.enumerated() {
        if index > 0 { text += ", " }
        value.write(to: &text, limit: limit)
      }
      text += ")"
      return
    }
    switch self {
    case .null: text += "nil"
    case .bool(let bool): text += bool ? "true" : "false"
    case .number(let number), .shown(let number): text += number
    case .string(let string):
      let plain = !string.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
      text += plain ? "\"" + string + "\"" : JSONValue.string(string).json
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += ", " }
        element.write(to: &text, limit: limit)
        if text.utf8.count > limit * 4 { break }
      }
      text += "]"
    case .object(let members):
      text += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { text += ", " }
        text += key + ": "
        members[key]?.write(to: &text, limit: limit)
        if text.utf8.count > limit * 4 { break }
      }
      text += "}"
    }
  }
}
