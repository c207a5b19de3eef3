// The JSON Lines recording format, version 1. The first line is a header with the initial state;
// then one line per entry, oldest first:
//
//   {"format":"swift-redux-recording","initialState":{...},"version":1}
//   {"action":{...},"skipped":false,"state":{...},"timestamp":1700000000,"type":"Increment"}
//
// Keys are sorted and each line is a complete JSON object, so a recording diffs well and a
// truncated file loses only its last line. Lines end in LF or CRLF; blank lines are ignored.
// This file is the one place that knows the format: the typed import and export
// (Recording+JSONLines.swift) and the page (SessionPage) both read and write through it.

import Foundation

/// The recording format's header and line splitting.
enum RecordingFormat {
  /// The format name in a header line.
  static let name = "swift-redux-recording"
  /// The one format version this library has written, and so the only one it reads.
  static let version = 1

  /// What is wrong with a header line.
  enum HeaderProblem: Error, Equatable {
    /// Not JSON, not an object, or not naming this format with an integer version.
    case notARecording
    /// A version above ``RecordingFormat/version``.
    case newerVersion(Int)
    /// A version below 1, which no release has written.
    case unknownVersion(Int)
    /// The header has no `initialState`.
    case noInitialState
  }

  /// The header line for a recording that starts at `initialState`.
  static func header(initialState: JSONValue) -> JSONValue {
    .object([
      "format": .string(name), "version": .number(String(version)), "initialState": initialState,
    ])
  }

  /// The initial state from a header line, after checking the format and its version.
  static func initialState(ofHeader header: JSONValue?) throws(HeaderProblem) -> JSONValue {
    guard let header, header["format"]?.string == name, let found = header["version"]?.integer
    else { throw .notARecording }
    guard found <= version else { throw .newerVersion(found) }
    guard found >= 1 else { throw .unknownVersion(found) }
    guard let initialState = header["initialState"] else { throw .noInitialState }
    return initialState
  }

  /// Calls `body` with each line that is not blank and its 1-based number, until `body` returns
  /// `false`; returns the number of the last line.
  ///
  /// Lines end in LF or CRLF. A CRLF is one `Character` in Swift, so the text is split on
  /// its UTF-8 bytes instead, which also keeps the whole pass linear in the text's length.
  @discardableResult
  static func forEachLine<Failure: Error>(
    in text: String,
    _ body: (_ number: Int, _ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> Bool
  ) throws(Failure) -> Int {
    var text = text
    let lastLine = text.withUTF8 { bytes in
      Result { () throws(Failure) -> Int in
        guard let base = bytes.baseAddress else { return 1 }
        var number = 0
        var start = 0
        while start < bytes.count {
          number += 1
          // memchr rather than firstIndex(of:), which is a generic call per byte in a debug build.
          var newline = bytes.count
          if let found = memchr(base + start, 0x0A, bytes.count - start) {
            newline = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
          }
          var end = newline
          if end > start, base[end - 1] == 0x0D { end -= 1 }
          let line = UnsafeBufferPointer(start: base + start, count: end - start)
          start = newline + 1
          if isBlank(line) { continue }
          guard try body(number, line) else { break }
        }
        return max(number, 1)
      }
    }
    return try lastLine.get()
  }

  /// Whether a line holds only spaces and tabs (a stray CR included).
  private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
    return true
  }
}

/// One entry line of a recording, its parts still JSON.
struct EntryLine {
  /// The action's registered type name.
  var type: String
  var action: JSONValue
  var state: JSONValue
  /// Seconds since 1970; the page shows a line without one, the typed import requires it.
  var timestamp: JSONValue?
  var isSkipped: Bool

  init(type: String, action: JSONValue, state: JSONValue, timestamp: JSONValue?, isSkipped: Bool) {
    self.type = type
    self.action = action
    self.state = state
    self.timestamp = timestamp
    self.isSkipped = isSkipped
  }

  /// Reads an entry line; the error names what is missing or of the wrong kind.
  init(parsing line: UnsafeBufferPointer<UInt8>) throws(EntryLineError) {
    var type: JSONValue?
    var action: JSONValue?
    var state: JSONValue?
    var timestamp: JSONValue?
    var skipped: JSONValue?
    do {
      // Member by member rather than through a dictionary: import cost is mostly per line.
      try JSONValue.forEachMember(parsing: line) { key, value in
        switch key {
        case "type": type = value
        case "action": action = value
        case "state": state = value
        case "timestamp": timestamp = value
        case "skipped": skipped = value
        default: break
        }
      }
    } catch {
      throw EntryLineError("not valid JSON: \(error)")
    }
    guard let type else { throw EntryLineError("missing \"type\"") }
    guard let name = type.string else { throw EntryLineError("\"type\" is \(type.kind)") }
    guard let state else { throw EntryLineError("missing \"state\"") }
    self.init(
      type: name, action: action ?? .null, state: state, timestamp: timestamp,
      isSkipped: skipped == .bool(true))
  }

  /// The line's JSON.
  var json: JSONValue {
    var members: [String: JSONValue] = [
      "type": .string(type), "action": action, "state": state, "skipped": .bool(isSkipped),
    ]
    members["timestamp"] = timestamp
    return .object(members)
  }
}

/// What is wrong with an entry line.
struct EntryLineError: Error {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}
