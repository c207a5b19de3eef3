import Foundation

/// Any JSON value, as a tree: what the pages diff and display, and what the inspector's
/// messages are made of. App types go through Foundation's `JSONEncoder` and `JSONDecoder`
/// (``JSONCoding``); this type is only the tree, read with `JSONSerialization` and written
/// with `JSONEncoder`.
///
/// A number keeps its decimal text (`-12`, `0.5`, `18446744073709551615`), so an integer of
/// any width or a decimal is shown without losing a digit.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number as decimal text.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])
  /// A value the pages show as Swift writes it, where its JSON would not read as the value (a
  /// `Duration`'s two words, a `Date`'s seconds): `.seconds(300)`. Written as a JSON string.
  case shown(String)

  /// The member `key` of an object; `nil` for a missing key or a value that is not an object.
  subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { object[key] } else { nil }
  }

  /// The value as a string, if it is one.
  var string: String? {
    if case .string(let string) = self { string } else { nil }
  }

  /// The value as an `Int`, if it is a number written as an integer that fits.
  var integer: Int? {
    if case .number(let text) = self { Int(text) } else { nil }
  }

  /// The value as a `Double`, if it is a number.
  var double: Double? {
    if case .number(let text) = self { Double(text) } else { nil }
  }

  /// The tree of `value` as `JSONEncoder` writes it, with dates as seconds since 1970, and the
  /// child actions of composition wrappers written by `registry`.
  init<Value: Encodable>(encoding value: Value, registry: ActionRegistry? = nil) throws {
    try self.init(json: JSONCoding.encoder(registry: registry).encode(value))
  }

  /// The tree of one JSON text. Read with `JSONSerialization`, whose objects say what each
  /// value is: several times faster than decoding the tree through `Codable`, which finds a
  /// value's kind only by trying each in turn (the live inspector reads one tree per update).
  init(json: Data) throws {
    self = Self(object: try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]))
  }

  /// The tree of what `JSONSerialization` read.
  private init(object: Any) {
    switch object {
    case let string as String: self = .string(string)
    case let members as [String: Any]: self = .object(members.mapValues(Self.init(object:)))
    case let elements as [Any]: self = .array(elements.map(Self.init(object:)))
    case let number as NSNumber:
      // A Boolean is an NSNumber of type `c` (char); JSON numbers never are.
      if String(cString: number.objCType) == "c" {
        self = .bool(number.boolValue)
      } else if number is NSDecimalNumber || String(cString: number.objCType) != "d" {
        self = .number(number.description)
      } else {
        self = .number(number.doubleValue.description)
      }
    default: self = .null
    }
  }

  /// Compact JSON text with object keys sorted.
  var json: String {
    // A tree holds only what JSON can write: encoding it cannot fail.
    (try? JSONCoding.encoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }
}

extension JSONValue: Encodable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var value = encoder.singleValueContainer()
      try value.encodeNil()
    case .bool(let bool):
      var value = encoder.singleValueContainer()
      try value.encode(bool)
    case .number(let text):
      var value = encoder.singleValueContainer()
      if let integer = Int64(text) {
        try value.encode(integer)
      } else if let integer = UInt64(text) {
        try value.encode(integer)
      } else if let decimal = Decimal(string: text) {
        try value.encode(decimal)
      } else {
        try value.encode(Double(text) ?? .nan)
      }
    case .string(let string), .shown(let string):
      var value = encoder.singleValueContainer()
      try value.encode(string)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for (key, member) in members { try object.encode(member, forKey: Key(stringValue: key)) }
    }
  }
}
