import Foundation
import ReduxCore

extension Recording where State: Codable {
  /// Writes the recording as JSON Lines: a header line with the initial state, then one line
  /// per entry with its action type, action, state, timestamp and whether it is skipped.
  ///
  /// Keys are sorted and lines end in LF. Dates in states and actions are written as seconds
  /// since 1970, `Data` as Base64, as `JSONEncoder` with `.secondsSince1970` writes them.
  ///
  /// - Parameter registry: Names every action type in the recording.
  /// - Throws: ``RecordingExportError`` naming the step of the first entry whose action type
  ///   is not registered or that fails to encode.
  public func jsonLines(registry: ActionRegistry) throws(RecordingExportError) -> String {
    let encoder = JSONValueEncoder(dateFormat: .secondsSince1970)
    var text = ""
    do {
      let initialState = try encoder.encode(
        initialState, at: [JSONKey(stringValue: "initialState")])
      RecordingFormat.header(initialState: initialState).write(to: &text)
      text += "\n"
    } catch {
      throw .encodingFailed(step: 0, JSONValueDecoder.reason(for: error))
    }
    for (index, entry) in entries.enumerated() {
      guard let codec = registry.codec(for: entry.action) else {
        throw .unregisteredActionType(entry.actionType, step: index + 1)
      }
      do {
        let line = EntryLine(
          type: codec.name,
          action: try encoder.encode(at: [JSONKey(stringValue: "action")]) { encoder in
            try codec.encode(entry.action, encoder)
          },
          state: try encoder.encode(entry.state, at: [JSONKey(stringValue: "state")]),
          timestamp: try encoder.encode(entry.timestamp, at: [JSONKey(stringValue: "timestamp")]),
          isSkipped: entry.isSkipped)
        line.json.write(to: &text)
        text += "\n"
      } catch {
        throw .encodingFailed(step: index + 1, JSONValueDecoder.reason(for: error))
      }
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
    let decoder = JSONValueDecoder(dateFormat: .secondsSince1970)
    var initialState: State?
    // Appended to in place: the only reference to the array while the import runs, so an
    // append never copies it.
    var entries: [RecordedAction<State>] = []
    let lastLine = try RecordingFormat.forEachLine(in: jsonLines) {
      (number, line) throws(RecordingImportError<State>) in
      guard let start = initialState else {
        initialState = try Self.header(line, number: number, decoder: decoder)
        return true
      }
      do throws(LineFailure) {
        entries.append(try Self.entry(line, registry: registry, decoder: decoder))
        return true
      } catch {
        throw RecordingImportError(
          line: number, reason: error.reason,
          imported: Recording(initialState: start, entries: entries))
      }
    }
    guard let initialState else {
      throw RecordingImportError(line: lastLine, reason: .notARecording, imported: nil)
    }
    self.init(initialState: initialState, entries: entries)
  }

  private static func header(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, decoder: JSONValueDecoder
  ) throws(RecordingImportError<State>) -> State {
    let reason: RecordingImportError<State>.Reason
    do {
      let initialState = try RecordingFormat.initialState(ofHeader: try? JSONValue(parsing: line))
      return try decoder.decode(
        State.self, from: initialState, at: [JSONKey(stringValue: "initialState")])
    } catch RecordingFormat.HeaderProblem.notARecording {
      reason = .notARecording
    } catch RecordingFormat.HeaderProblem.newerVersion(let found) {
      reason = .newerVersion(found: found, supported: RecordingFormat.version)
    } catch RecordingFormat.HeaderProblem.unknownVersion(let found) {
      reason = .unknownVersion(found: found, supported: RecordingFormat.version)
    } catch RecordingFormat.HeaderProblem.noInitialState {
      reason = .malformedLine("the header has no initialState")
    } catch {
      reason = .malformedLine(JSONValueDecoder.reason(for: error))
    }
    throw RecordingImportError(line: number, reason: reason, imported: nil)
  }

  private static func entry(
    _ line: UnsafeBufferPointer<UInt8>, registry: ActionRegistry, decoder: JSONValueDecoder
  ) throws(LineFailure) -> RecordedAction<State> {
    let entry: EntryLine
    do {
      entry = try EntryLine(parsing: line)
    } catch {
      throw LineFailure(.malformedLine(error.message))
    }
    guard let codec = registry.codec(named: entry.type) else {
      throw LineFailure(.unknownActionType(entry.type))
    }
    do {
      guard let timestamp = entry.timestamp else { throw EntryLineError("missing \"timestamp\"") }
      let action = try codec.decode(
        decoder.decoder(for: entry.action, at: [JSONKey(stringValue: "action")]))
      return RecordedAction(
        action: action,
        state: try decoder.decode(
          State.self, from: entry.state, at: [JSONKey(stringValue: "state")]),
        timestamp: try decoder.decode(
          Date.self, from: timestamp, at: [JSONKey(stringValue: "timestamp")]),
        isSkipped: entry.isSkipped)
    } catch let error as EntryLineError {
      throw LineFailure(.malformedLine(error.message))
    } catch {
      throw LineFailure(.malformedLine(JSONValueDecoder.reason(for: error)))
    }
  }

  /// Why an entry line failed, as a thrown error.
  private struct LineFailure: Error {
    var reason: RecordingImportError<State>.Reason

    init(_ reason: RecordingImportError<State>.Reason) {
      self.reason = reason
    }
  }
}
