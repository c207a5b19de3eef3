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
import ReduxCore

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

  /// A header line.
  struct Header<State: Encodable>: Encodable {
    var format = RecordingFormat.name
    var initialState: State
    var version = RecordingFormat.version
  }

  /// The initial state of a header line, decoded as `State` once the line has been checked to
  /// name this format and a version this library reads. Throws a ``HeaderProblem``, or the
  /// decoder's error for a state that does not decode.
  static func initialState<State: Decodable>(
    _ type: State.Type, ofHeader line: Data, decoder: JSONDecoder
  ) throws -> State {
    try checkHeader(line, decoder: decoder)
    return try decoder.decode(HeaderState<State>.self, from: line).initialState
  }

  /// Checks that a header line names this format and a version this library reads, and holds
  /// an initial state.
  static func checkHeader(_ line: Data, decoder: JSONDecoder) throws(HeaderProblem) {
    guard let header = try? decoder.decode(HeaderFields.self, from: line),
      header.format == name, let found = header.version
    else { throw .notARecording }
    guard found <= version else { throw .newerVersion(found) }
    guard found >= 1 else { throw .unknownVersion(found) }
    guard header.hasInitialState else { throw .noInitialState }
  }

  /// A header's format and version, whatever its state.
  private struct HeaderFields: Decodable {
    var format: String?
    var version: Int?
    var hasInitialState: Bool

    enum CodingKeys: CodingKey { case format, version, initialState }

    init(from decoder: any Decoder) throws {
      let header = try decoder.container(keyedBy: CodingKeys.self)
      format = try? header.decodeIfPresent(String.self, forKey: .format)
      version = try? header.decodeIfPresent(Int.self, forKey: .version)
      hasInitialState = header.contains(.initialState)
    }
  }

  private struct HeaderState<State: Decodable>: Decodable {
    var initialState: State
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

/// One entry line of a recording: its keys, and its parts as JSON trees for the pages.
struct EntryLine {
  enum CodingKeys: String, CodingKey { case type, action, state, timestamp, skipped }

  /// The action's registered type name.
  var type: String
  var action: JSONValue
  var state: JSONValue
  /// Seconds since 1970; the page shows a line without one, the typed import requires it.
  var timestamp: JSONValue?
  var isSkipped: Bool

  /// Reads an entry line; nil for one that is not JSON or lacks a string `type` or a `state`.
  init?(json: Data) {
    guard let line = try? JSONValue(json: json), let type = line["type"]?.string,
      let state = line["state"]
    else { return nil }
    self.type = type
    action = line["action"] ?? .null
    self.state = state
    timestamp = line["timestamp"]
    isSkipped = line["skipped"] == .bool(true)
  }
}

/// An entry line as the typed export writes it.
struct EntryLineOut<State: Encodable>: Encodable {
  var type: String
  var action: EncodedAction
  var state: State
  var timestamp: Date
  var skipped: Bool
}

/// An action, encoded by its registered codec.
struct EncodedAction: Encodable {
  let action: any Action
  let codec: ActionRegistry.Codec

  func encode(to encoder: any Encoder) throws {
    try codec.encode(action, encoder)
  }
}

/// An entry line as the typed import reads it: the action decoded by the codec registered
/// under its `type`, from the registry in the decoder's `userInfo` (``ActionRegistry/userInfoKey``).
struct EntryLineIn<State: Decodable & Sendable>: Decodable {
  var entry: RecordedAction<State>

  init(from decoder: any Decoder) throws {
    let line = try decoder.container(keyedBy: EntryLine.CodingKeys.self)
    let type = try line.decode(String.self, forKey: .type)
    guard
      let codec = (decoder.userInfo[ActionRegistry.userInfoKey] as? ActionRegistry)?
        .codec(named: type)
    else { throw UnknownActionType(name: type) }
    entry = RecordedAction(
      action: try codec.decode(line.superDecoder(forKey: .action)),
      state: try line.decode(State.self, forKey: .state),
      timestamp: try line.decode(Date.self, forKey: .timestamp),
      isSkipped: (try? line.decodeIfPresent(Bool.self, forKey: .skipped)) == true)
  }
}

/// A line whose action type is not registered.
struct UnknownActionType: Error {
  var name: String
}
