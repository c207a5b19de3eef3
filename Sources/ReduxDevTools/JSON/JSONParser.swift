import Foundation

/// A recursive-descent JSON reader over UTF-8 bytes. Strings without escapes are copied in one
/// piece and numbers are kept as their text.
///
/// It reads bytes through a raw pointer and compares them with integer literals (the ASCII code
/// is in a comment), because recordings are imported in debug builds too, where every generic
/// call (a range's `contains`, a slice's subscript, `UInt8(ascii:)`) costs a function call and
/// a metadata lookup per byte.
struct JSONParser {
  let base: UnsafePointer<UInt8>
  let count: Int
  var index = 0
  var depth = 0

  init(bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw JSONSyntaxError(position: 1, message: "unexpected end of the text; expected a value")
    }
    self.base = base
    count = bytes.count
  }

  mutating func document() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    let value = try self.value()
    skipWhitespace()
    guard index == count else { throw failure("unexpected text after the value") }
    return value
  }

  /// The byte at `index`, or 0 past the end (a 0 byte is never valid outside a string, and
  /// inside one it is refused as a raw control character).
  mutating func topLevelMembers(_ body: (String, JSONValue) -> Void) throws(JSONSyntaxError) {
    skipWhitespace()
    guard current == 0x7B else { throw failure("expected an object") }  // {
    try members(body)
    skipWhitespace()
    guard index == count else { throw failure("unexpected text after the value") }
  }

  private var current: UInt8 { index < count ? base[index] : 0 }

  private func failure(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(position: index + 1, message: message)
  }

  /// The bytes from `start` to `end` as a string. (`String(decoding:as:)` is generic, and
  /// slower in a debug build than this copy.)
  private func text(from start: Int, to end: Int) -> String {
    String(unsafeUninitializedCapacity: end - start) { buffer in
      buffer.baseAddress?.initialize(from: base + start, count: end - start)
      return end - start
    }
  }

  private mutating func skipWhitespace() {
    while index < count {
      switch base[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
    switch current {
    case 0x7B: return try object()  // {
    case 0x5B: return try array()  // [
    case 0x22: return .string(try string())  // "
    case 0x74: return try literal("true", .bool(true))  // t
    case 0x66: return try literal("false", .bool(false))  // f
    case 0x6E: return try literal("null", .null)  // n
    // - 0 1 2 3 4 5 6 7 8 9
    case 0x2D, 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39: return try number()
    default:
      throw failure(
        index < count ? "expected a value" : "unexpected end of the text; expected a value")
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let length = word.utf8CodeUnitCount
    guard count - index >= length, memcmp(base + index, word.utf8Start, length) == 0
    else {
      throw failure("expected a value")
    }
    index += length
    return value
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    guard depth <= JSONValue.maximumDepth else {
      throw failure("nested deeper than \(JSONValue.maximumDepth) levels")
    }
    index += 1
    skipWhitespace()
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONValue {
    var object: [String: JSONValue] = [:]
    try members { key, value in
      // Room for six members without growing: most objects in a state are small.
      if object.isEmpty { object.reserveCapacity(6) }
      object[key] = value
    }
    return .object(object)
  }

  /// The members of the object that starts at `index`, each handed to `body` in turn.
  private mutating func members(_ body: (String, JSONValue) -> Void) throws(JSONSyntaxError) {
    try enter()
    defer { depth -= 1 }
    if current == 0x7D {  // }
      index += 1
      return
    }
    while true {
      guard current == 0x22 else { throw failure("expected a key in quotes") }
      let key = try string()
      skipWhitespace()
      guard current == 0x3A else { throw failure("expected ':' after a key") }
      index += 1
      skipWhitespace()
      body(key, try value())
      skipWhitespace()
      switch current {
      case 0x2C:  // ,
        index += 1
        skipWhitespace()
      case 0x7D:  // }
        index += 1
        return
      default: throw failure("expected ',' or '}' in an object")
      }
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    var elements: [JSONValue] = []
    if current == 0x5D {  // ]
      index += 1
      return .array(elements)
    }
    while true {
      elements.append(try value())
      skipWhitespace()
      switch current {
      case 0x2C:  // ,
        index += 1
        skipWhitespace()
      case 0x5D:  // ]
        index += 1
        return .array(elements)
      default: throw failure("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if current == 0x2D { index += 1 }  // -
    if current == 0x30 {  // a 0 is not followed by more digits
      index += 1
    } else {
      try digits()
    }
    if current == 0x2E {  // .
      index += 1
      try digits()
    }
    if current == 0x65 || current == 0x45 {  // e E
      index += 1
      if current == 0x2B || current == 0x2D { index += 1 }  // + -
      try digits()
    }
    return .number(text(from: start, to: index))
  }

  /// One or more decimal digits.
  private mutating func digits() throws(JSONSyntaxError) {
    let start = index
    while index < count, base[index] >= 0x30, base[index] <= 0x39 { index += 1 }
    guard index > start else { throw failure("expected a digit in a number") }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    let start = index
    while index < count {
      let byte = base[index]
      if byte == 0x22 {  // "
        index += 1
        return text(from: start, to: index - 1)
      } else if byte == 0x5C {  // backslash
        return try escapedString(from: start)
      } else if byte < 0x20 {
        throw failure("a control character in a string must be escaped")
      }
      index += 1
    }
    throw failure("unterminated string")
  }

  /// The rest of a string that has escapes, from its first byte at `start`.
  private mutating func escapedString(from start: Int) throws(JSONSyntaxError) -> String {
    var utf8 = Array(text(from: start, to: index).utf8)
    while index < count {
      let byte = current
      switch byte {
      case 0x22:  // "
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case 0x5C:  // backslash
        index += 1
        try escape(into: &utf8)
      case _ where byte < 0x20:
        throw failure("a control character in a string must be escaped")
      default:
        utf8.append(byte)
        index += 1
      }
    }
    throw failure("unterminated string")
  }

  private mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
    let byte = current
    switch byte {
    case 0x22, 0x5C, 0x2F: utf8.append(byte)  // " backslash /
    case 0x62: utf8.append(0x08)  // b
    case 0x66: utf8.append(0x0C)  // f
    case 0x6E: utf8.append(0x0A)  // n
    case 0x72: utf8.append(0x0D)  // r
    case 0x74: utf8.append(0x09)  // t
    case 0x75:  // u
      index += 1
      try unicodeEscape(into: &utf8)
      return
    default:
      throw failure(index < count ? "unknown escape in a string" : "unterminated string")
    }
    index += 1
  }

  /// The four hex digits after `\u` (and a second escape for a surrogate pair) as UTF-8.
  private mutating func unicodeEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
    var scalar = UInt32(try hexQuad())
    if scalar >= 0xD800 && scalar < 0xDC00 {
      guard current == 0x5C, index + 1 < count, base[index + 1] == 0x75 else {
        throw failure("a high surrogate escape without its low half")
      }
      index += 2
      let low = UInt32(try hexQuad())
      guard low >= 0xDC00 && low < 0xE000 else {
        throw failure("a high surrogate escape without its low half")
      }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    } else if scalar >= 0xDC00 && scalar < 0xE000 {
      throw failure("a low surrogate escape without its high half")
    }
    guard let scalar = Unicode.Scalar(scalar) else { throw failure("not a Unicode scalar") }
    UTF8.encode(scalar) { utf8.append($0) }
  }

  private mutating func hexQuad() throws(JSONSyntaxError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = current
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30  // 0-9
      case 0x61...0x66: digit = byte - 0x61 + 10  // a-f
      case 0x41...0x46: digit = byte - 0x41 + 10  // A-F
      default: throw failure("expected four hex digits after \\u")
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }
}
