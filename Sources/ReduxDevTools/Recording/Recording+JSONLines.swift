import Foundation
import ReduxCore

// The JSON Lines format, version 1. The first line is a header with the initial state; then one
// line per entry, oldest first:
//
//   {"format":"swift-redux-recording","initialState":{...},"version":1}
//   {"action":{...},"skipped":false,"state":{...},"timestamp":1700000000,"type":"Increment"}
//
// Keys are sorted and each line is a complete JSON object, so a recording diffs well and a
// truncated file loses only its last line.

/// The format name in a recording's header line.
let recordingFormat = "swift-redux-recording"
/// The newest format version this library writes and reads.
let recordingVersion = 1

private struct Header<State: Codable>: Codable {
  var format: String
  var version: Int
  var initialState: State?
}

private struct EncodedEntry<State: Encodable>: Encodable {
  let type: String
  let action: EncodedAction
  let state: State
  let timestamp: Date
  let skipped: Bool
}

private struct EncodedAction: Encodable {
  let action: any Action
  let codec: ActionRegistry.Codec
  func encode(to encoder: any Encoder) throws { try codec.encode(action, encoder) }
}

private struct DecodedEntry<State: Decodable & Sendable>: Decodable {
  let entry: RecordedAction<State>

  enum CodingKeys: String, CodingKey { case type, action, state, timestamp, skipped }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .type)
    guard let registry = decoder.userInfo[registryKey] as? ActionRegistry,
      let codec = registry.codec(named: name)
    else { throw UnknownActionType(name: name) }
    let action = try codec.decode(container.superDecoder(forKey: .action))
    entry = RecordedAction(
      action: action,
      state: try container.decode(State.self, forKey: .state),
      timestamp: try container.decode(Date.self, forKey: .timestamp),
      isSkipped: try container.decodeIfPresent(Bool.self, forKey: .skipped) ?? false
    )
  }
}

private struct UnknownActionType: Error { let name: String }

private let registryKey = CodingUserInfoKey(rawValue: "swift-redux.ActionRegistry")!

extension Recording where State: Codable {
  /// Writes the recording as JSON Lines: a header line with the initial state, then one line
  /// per entry with its action type, action, state, timestamp and whether it is skipped.
  ///
  /// - Parameter registry: Names every action type in the recording.
  /// - Throws: ``RecordingExportError`` naming the first entry whose action type is not
  ///   registered or that fails to encode.
  public func jsonLines(registry: ActionRegistry) throws(RecordingExportError) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .secondsSince1970
    var lines: [String] = []
    lines.reserveCapacity(entries.count + 1)
    do {
      let header = Header(
        format: recordingFormat, version: recordingVersion, initialState: initialState)
      lines.append(String(decoding: try encoder.encode(header), as: UTF8.self))
    } catch {
      throw .encodingFailed(entry: nil, "\(error)")
    }
    for (index, entry) in entries.enumerated() {
      guard let codec = registry.codec(for: entry.action) else {
        throw .unregisteredActionType(entry.actionType, entry: index)
      }
      let line = EncodedEntry(
        type: codec.name, action: EncodedAction(action: entry.action, codec: codec),
        state: entry.state, timestamp: entry.timestamp, skipped: entry.isSkipped)
      do {
        lines.append(String(decoding: try encoder.encode(line), as: UTF8.self))
      } catch {
        throw .encodingFailed(entry: index, "\(error)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Reads a recording written by ``jsonLines(registry:)``.
  ///
  /// Blank lines are ignored. The first bad line stops the import with an error that names
  /// it and carries every entry read before it.
  ///
  /// - Parameters:
  ///   - jsonLines: The recording's text.
  ///   - registry: Decodes each line's action by its type name.
  /// - Throws: ``RecordingImportError`` for a missing or newer header, a malformed line (such
  ///   as the last line of a truncated file) or an unknown action type.
  public init(jsonLines: String, registry: ActionRegistry) throws(RecordingImportError<State>) {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    decoder.userInfo[registryKey] = registry
    var recording: Recording<State>?
    var lineNumber = 0
    for rawLine in jsonLines.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      if line.allSatisfy(\.isWhitespace) { continue }
      let data = Data(line.utf8)
      guard var imported = recording else {
        recording = try Self.header(data, line: lineNumber, decoder: decoder)
        continue
      }
      do {
        imported.entries.append(try decoder.decode(DecodedEntry<State>.self, from: data).entry)
        recording = imported
      } catch let error as UnknownActionType {
        throw RecordingImportError(
          line: lineNumber, reason: .unknownActionType(error.name), imported: imported)
      } catch {
        throw RecordingImportError(
          line: lineNumber, reason: .malformedLine(Self.describe(error)), imported: imported)
      }
    }
    guard let recording else {
      throw RecordingImportError(line: max(lineNumber, 1), reason: .notARecording, imported: nil)
    }
    self = recording
  }

  private static func header(_ data: Data, line: Int, decoder: JSONDecoder)
    throws(RecordingImportError<State>) -> Recording<State>
  {
    let header: Header<State>
    do {
      header = try decoder.decode(Header<State>.self, from: data)
    } catch {
      throw RecordingImportError(line: line, reason: .notARecording, imported: nil)
    }
    guard header.format == recordingFormat else {
      throw RecordingImportError(line: line, reason: .notARecording, imported: nil)
    }
    guard header.version <= recordingVersion else {
      throw RecordingImportError(
        line: line, reason: .newerVersion(found: header.version, supported: recordingVersion),
        imported: nil)
    }
    guard let initialState = header.initialState else {
      throw RecordingImportError(
        line: line, reason: .malformedLine("the header has no initialState"), imported: nil)
    }
    return Recording(initialState: initialState)
  }

  /// A short reason for a decoding error, without Foundation's long debug dump.
  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): "not valid JSON: \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "wrong value at \(context.codingPath.map(\.stringValue).joined(separator: ".")): "
        + context.debugDescription
    default: "\(error)"
    }
  }
}
