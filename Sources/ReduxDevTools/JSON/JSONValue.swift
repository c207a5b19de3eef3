/// Any JSON value: the one model through which ReduxDevTools reads and writes JSON (recording
/// lines, the session page, state files).
///
/// App types reach it through ``JSONValueEncoder`` and leave it through ``JSONValueDecoder``;
/// text becomes a value with `init(parsing:)` and a value becomes text with ``json``.
///
/// A number keeps the text it was written with (`-12`, `0.5`, `1e-7`), so an integer of any
/// width or a decimal passes through without losing a digit; it is converted only when decoded
/// into a Swift type, and a value that does not fit is an error there.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number as its JSON text.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// How deeply values may nest; deeper text is refused by the parser and deeper values by
  /// the encoder. Reading, writing and comparing a value recurse once per level, and 256
  /// levels fit a 512 KB thread stack (a secondary thread on Apple platforms) in a debug build.
  static let maximumDepth = 256

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

  /// What kind of value this is, for error messages ("a string", "an object").
  var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// How a `Date` is written as JSON.
enum JSONDateFormat: Sendable {
  /// Seconds since 1970 as a number: recordings, whose timestamps read as Unix times.
  case secondsSince1970
  /// What `Date`'s own `Codable` conformance writes (seconds since 2001), as `JSONEncoder`
  /// does by default: state files.
  case deferredToDate
}

/// A coding key for paths that the coders make up: array indexes and `super`.
struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init(intValue: Int) {
    stringValue = "Index \(intValue)"
    self.intValue = intValue
  }

  static let `super` = JSONKey(stringValue: "super")
}
