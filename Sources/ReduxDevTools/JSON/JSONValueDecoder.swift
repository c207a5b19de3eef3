import Foundation

/// Makes a `Decodable` value from a ``JSONValue`` as `JSONDecoder` would read the same text:
/// `Data` from Base64, `URL` from a string, `Decimal` from a number, a number into any numeric
/// type it fits exactly; dates follow ``dateFormat``. A mismatch is a `DecodingError` whose
/// coding path starts at the path it was given.
struct JSONValueDecoder {
  var dateFormat: JSONDateFormat = .deferredToDate

  /// A `T` read from `value`; `codingPath` is where `value` sits, for error messages.
  func decode<T: Decodable>(
    _ type: T.Type, from value: JSONValue, at codingPath: [any CodingKey] = []
  ) throws -> T {
    try ValueDecoder(value: value, codingPath: codingPath, options: self).decode(T.self)
  }

  /// A decoder over `value`, for code that decodes from a plain `Decoder` (an action's registry
  /// codec).
  func decoder(for value: JSONValue, at codingPath: [any CodingKey] = []) -> any Decoder {
    ValueDecoder(value: value, codingPath: codingPath, options: self)
  }
}

/// The `Decoder` over one value; it is also that value's single-value container.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]
  let options: JSONValueDecoder
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else {
      throw mismatch([String: JSONValue].self, value, at: codingPath)
    }
    return KeyedDecodingContainer(KeyedValueDecoder(object: object, decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw mismatch([JSONValue].self, value, at: codingPath)
    }
    return UnkeyedValueDecoder(elements: elements, decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try bool(value, at: codingPath) }
  func decode(_ type: String.Type) throws -> String { try string(value, at: codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try float(value, at: codingPath) }
  func decode(_ type: Float.Type) throws -> Float { try float(value, at: codingPath) }
  func decode(_ type: Int.Type) throws -> Int { try integer(value, at: codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(value, at: codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(value, at: codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(value, at: codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(value, at: codingPath) }
  func decode(_ type: Int128.Type) throws -> Int128 { try integer(value, at: codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(value, at: codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(value, at: codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(value, at: codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(value, at: codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(value, at: codingPath) }
  func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(value, at: codingPath) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decode(T.self, from: value, at: codingPath)
  }

  /// A `T` read from `value` at `path`: the types `JSONDecoder` reads in its own way first,
  /// then `T`'s own decoding.
  func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: [any CodingKey])
    throws -> T
  {
    // Type checks first, so that the casts cost nothing for the other types.
    if T.self == Date.self, options.dateFormat == .secondsSince1970 {
      let seconds: Double = try float(value, at: path)
      if let date = Date(timeIntervalSince1970: seconds) as? T { return date }
    }
    if T.self == Data.self {
      guard let data = Data(base64Encoded: try string(value, at: path)) else {
        throw corrupted("the string is not valid Base64", at: path)
      }
      if let data = data as? T { return data }
    }
    if T.self == URL.self {
      guard let url = URL(string: try string(value, at: path)) else {
        throw corrupted("the string is not a valid URL", at: path)
      }
      if let url = url as? T { return url }
    }
    if T.self == Decimal.self {
      guard case .number(let text) = value, let decimal = Decimal(string: text) else {
        throw mismatch(Decimal.self, value, at: path)
      }
      if let decimal = decimal as? T { return decimal }
    }
    return try T(from: ValueDecoder(value: value, codingPath: path, options: options))
  }

  func bool(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Bool {
    guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, at: path()) }
    return bool
  }

  func string(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> String {
    guard case .string(let string) = value else { throw mismatch(String.self, value, at: path()) }
    return string
  }

  /// An integer written as an integer, or as a number with an exact integer value (`3.0`,
  /// `1e3`); one that does not fit in `T` is an error, never rounded.
  func integer<T: FixedWidthInteger>(
    _ value: JSONValue, at path: @autoclosure () -> [any CodingKey]
  ) throws -> T {
    guard case .number(let text) = value else { throw mismatch(T.self, value, at: path()) }
    if let integer = T(text) { return integer }
    if let decimal = Decimal(string: text), decimal.isFinite, decimal == decimal.rounded(),
      let integer = T(decimal.description)
    {
      return integer
    }
    throw corrupted("the number \(text) does not fit in \(T.self)", at: path())
  }

  func float<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: JSONValue, at path: @autoclosure () -> [any CodingKey]
  ) throws -> T {
    guard case .number(let text) = value else { throw mismatch(T.self, value, at: path()) }
    guard let number = T(text), number.isFinite else {
      throw corrupted("the number \(text) does not fit in \(T.self)", at: path())
    }
    return number
  }

  func mismatch(_ type: Any.Type, _ value: JSONValue, at path: [any CodingKey]) -> DecodingError {
    let context = DecodingError.Context(
      codingPath: path, debugDescription: "expected \(type), found \(value.kind)")
    return value == .null ? .valueNotFound(type, context) : .typeMismatch(type, context)
  }

  func corrupted(_ message: String, at path: [any CodingKey]) -> DecodingError {
    .dataCorrupted(.init(codingPath: path, debugDescription: message))
  }
}

extension Decimal {
  fileprivate func rounded() -> Decimal {
    var value = self
    var result = Decimal()
    NSDecimalRound(&result, &value, 0, .plain)
    return result
  }
}

extension JSONValueDecoder {
  /// A short reason for a coding error, naming the path it happened at, without Foundation's
  /// long debug dump: `wrong value at state.items[2]: expected Int, found a string`.
  static func reason(for error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
      "missing \"\(path(context.codingPath + [key]))\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.dataCorrupted(let context):
      "wrong value at \(path(context.codingPath)): \(context.debugDescription)"
    case EncodingError.invalidValue(_, let context):
      "cannot encode the value at \(path(context.codingPath)): \(context.debugDescription)"
    default: "\(error)"
    }
  }

  /// A coding path as it reads in source: `state.items[2].name`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue, key is JSONKey {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text.isEmpty ? "the top level" : text
  }
}
