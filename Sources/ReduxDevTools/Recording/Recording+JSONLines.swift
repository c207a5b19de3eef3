import Foundation
import ReduxCore

extension Recording where State: Codable {
  /// Writes the recording as JSON Lines: a header line with the initial state, then one line
  /// per entry with its action type, action, state, timestamp and whether it is skipped.
  ///
  /// Each line is written by Foundation's `JSONEncoder`: keys sorted, dates in states and
  /// actions as seconds since 1970, `Data` as Base64. Lines end in LF.
  ///
  /// - Parameter registry: Names every action type in the recording.
  /// - Throws: ``RecordingExportError`` naming the step of the first entry whose action type
  ///   is not registered or that fails to encode.
  public func jsonLines(registry: ActionRegistry) throws(RecordingExportError) -> String {
    let encoder = JSONCoding.encoder(registry: registry)
    var text = ""
    func append(_ line: some Encodable, step: Int) throws(RecordingExportError) {
      do {
        text += String(decoding: try encoder.encode(line), as: UTF8.self)
        text += "\n"
      } catch {
        throw .encodingFailed(step: step, JSONCoding.reason(for: error))
      }
    }
    try append(RecordingFormat.Header(initialState: initialState), step: 0)
    for (index, entry) in entries.enumerated() {
      guard let codec = registry.codec(for: entry.action) else {
        throw .unregisteredActionType(entry.actionType, step: index + 1)
      }
      let line = EntryLineOut(
        type: codec.name, action: EncodedAction(action: entry.action, codec: codec),
        state: entry.state, timestamp: entry.timestamp, skipped: entry.isSkipped)
      try append(line, step: index + 1)
    }
    return text
  }

  /// Reads a recording written by ``jsonLines(registry:)``.
  ///
  /// Lines may end in LF or CRLF (a recording checked out on Windows), and blank lines are
  /// ignored. The first bad line stops the import with an error that names it and carries every
  /// entry read before it. The time taken and the memory used grow in proportion to the
  /// recording's length.
  ///
  /// - Parameters:
  ///   - jsonLines: The recording's text.
  ///   - registry: Decodes each line's action by its type name.
  /// - Throws: ``RecordingImportError`` for a missing header, a format version this library
  ///   never wrote, a malformed line (such as the last line of a truncated file) or an unknown
  ///   action type.
  public init(jsonLines: String, registry: ActionRegistry) throws(RecordingImportError<State>) {
    let decoder = JSONCoding.decoder(registry: registry)
    var initialState: State?
    // Appended to in place: the only reference to the array while the import runs, so an
    // append never copies it.
    var entries: [RecordedAction<State>] = []
    let lastLine = try RecordingFormat.forEachLine(in: jsonLines) {
      (number, line) throws(RecordingImportError<State>) in
      let data = Data(buffer: line)
      guard let start = initialState else {
        initialState = try Self.header(data, number: number, decoder: decoder)
        return true
      }
      do {
        entries.append(try decoder.decode(EntryLineIn<State>.self, from: data).entry)
        return true
      } catch {
        let reason: RecordingImportError<State>.Reason
        if let unknown = error as? UnknownActionType {
          reason = .unknownActionType(unknown.name)
        } else {
          reason = .malformedLine(JSONCoding.reason(for: error, in: data))
        }
        throw RecordingImportError(
          line: number, reason: reason, imported: Recording(initialState: start, entries: entries))
      }
    }
    guard let initialState else {
      throw RecordingImportError(line: lastLine, reason: .notARecording, imported: nil)
    }
    self.init(initialState: initialState, entries: entries)
  }

  private static func header(
    _ line: Data, number: Int, decoder: JSONDecoder
  ) throws(RecordingImportError<State>) -> State {
    let reason: RecordingImportError<State>.Reason
    do {
      return try RecordingFormat.initialState(State.self, ofHeader: line, decoder: decoder)
    } catch RecordingFormat.HeaderProblem.notARecording {
      reason = .notARecording
    } catch RecordingFormat.HeaderProblem.newerVersion(let found) {
      reason = .newerVersion(found: found, supported: RecordingFormat.version)
    } catch RecordingFormat.HeaderProblem.unknownVersion(let found) {
      reason = .unknownVersion(found: found, supported: RecordingFormat.version)
    } catch RecordingFormat.HeaderProblem.noInitialState {
      reason = .malformedLine("the header has no initialState")
    } catch {
      reason = .malformedLine(JSONCoding.reason(for: error, in: line))
    }
    throw RecordingImportError(line: number, reason: reason, imported: nil)
  }
}
