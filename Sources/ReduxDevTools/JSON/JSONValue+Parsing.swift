import Foundation

/// Why text is not JSON: what was expected, and where.
struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  /// The 1-based byte position in the text.
  var position: Int
  /// What is wrong there.
  var message: String

  var description: String { "\(message) at byte \(position)" }
}

extension JSONValue {
  /// Reads one JSON text (RFC 8259): a value with optional whitespace around it.
  init(parsing text: String) throws(JSONSyntaxError) {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(JSONSyntaxError) in try JSONValue(parsing: bytes) }
    }
    self = try result.get()
  }

  /// Reads one JSON text from bytes that must be UTF-8.
  init(parsing data: Data) throws(JSONSyntaxError) {
    guard let text = String(validating: data, as: UTF8.self) else {
      throw JSONSyntaxError(position: 1, message: "not UTF-8 text")
    }
    try self.init(parsing: text)
  }

  /// Reads one JSON text from valid UTF-8 bytes, such as a line of a Swift string.
  init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
    var parser = try JSONParser(bytes: bytes)
    self = try parser.document()
  }

  /// Reads a JSON text that must be an object and hands `body` each member as it is read,
  /// without building the object: for a caller that knows the few keys it wants (a recording's
  /// entry line), which saves a dictionary per line. A repeated key is handed over each time.
  static func forEachMember(
    parsing bytes: UnsafeBufferPointer<UInt8>, _ body: (_ key: String, _ value: JSONValue) -> Void
  ) throws(JSONSyntaxError) {
    var parser = try JSONParser(bytes: bytes)
    try parser.topLevelMembers(body)
  }
}
