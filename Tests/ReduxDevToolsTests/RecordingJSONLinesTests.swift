import Foundation
import ReduxCore
import ReduxDevTools
import Testing

@Suite("Recording JSON Lines")
struct RecordingJSONLinesTests {
  func sampleText() throws -> String {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(SetStep(step: 4))
    store.dispatch(Note(text: "hello \"world\"\nnext"))
    store.dispatch(Increment())
    devTools.skip(step: 2)
    return try devTools.recording.jsonLines(registry: counterRegistry)
  }

  @Test("writes a header line and one line per entry, and reads them back exactly")
  func roundTrip() throws {
    let text = try sampleText()
    let lines = text.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0].contains("\"format\":\"swift-redux-recording\""))
    #expect(lines[1].contains("\"type\":\"Increment\""))

    let recording = try Recording<Counter>(jsonLines: text, registry: counterRegistry)
    #expect(recording.entries.map(\.actionType) == ["Increment", "SetStep", "Note", "Increment"])
    #expect(recording.entries.map(\.isSkipped) == [false, true, false, false])
    #expect(recording.entries.map(\.state.count) == [1, 1, 1, 2])
    #expect((recording.entries[2].action as? Note)?.text == "hello \"world\"\nnext")
    #expect(recording.entries[0].timestamp == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(try recording.jsonLines(registry: counterRegistry) == text)
  }

  @Test("a truncated file names its last line and keeps every complete entry")
  func truncatedFile() throws {
    let text = try sampleText()
    let truncated = String(text.dropLast(20))
    let error = try #require(
      throws: RecordingImportError<Counter>.self,
      performing: { try Recording<Counter>(jsonLines: truncated, registry: counterRegistry) })
    #expect(error.line == 5)
    guard case .malformedLine = error.reason else {
      Issue.record("expected a malformed line, got \(error.reason)")
      return
    }
    #expect(error.imported?.entries.count == 3)
    #expect(error.description.hasPrefix("line 5: malformed entry"))
  }

  @Test("an unknown action type names the line and keeps the entries before it")
  func unknownActionType() throws {
    let text = try sampleText()
    let registry = ActionRegistry().registering(Increment.self).registering(SetStep.self)
    let error = try #require(
      throws: RecordingImportError<Counter>.self,
      performing: { try Recording<Counter>(jsonLines: text, registry: registry) })
    #expect(error.line == 4)
    #expect(error.reason == .unknownActionType("Note"))
    #expect(error.imported?.entries.count == 2)
    #expect(error.description.contains("register it in the ActionRegistry"))
  }

  @Test("a recording from a newer format version is refused")
  func newerVersion() throws {
    let text =
      #"{"format":"swift-redux-recording","initialState":{"count":0,"step":1,"log":[]},"version":9}"#
    let error = try #require(
      throws: RecordingImportError<Counter>.self,
      performing: { try Recording<Counter>(jsonLines: text, registry: counterRegistry) })
    #expect(error.line == 1)
    #expect(error.reason == .newerVersion(found: 9, supported: 1))
  }

  @Test("a header version that no release wrote is refused", arguments: [0, -1])
  func unknownVersion(version: Int) throws {
    let text =
      #"{"format":"swift-redux-recording","initialState":{"count":0,"step":1,"log":[]},"version":"#
      + "\(version)}"
    let error = try #require(
      throws: RecordingImportError<Counter>.self,
      performing: { try Recording<Counter>(jsonLines: text, registry: counterRegistry) })
    #expect(error.line == 1)
    #expect(error.reason == .unknownVersion(found: version, supported: 1))
    #expect(error.description.contains("recording format \(version) was never written"))
  }

  @Test("reads a recording whose lines end in CRLF, as a Windows checkout leaves them")
  func windowsLineEndings() throws {
    let text = try sampleText()
    let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(crlf.utf8.count == text.utf8.count + 5)
    let recording = try Recording<Counter>(jsonLines: crlf, registry: counterRegistry)
    #expect(recording.entries.map(\.actionType) == ["Increment", "SetStep", "Note", "Increment"])
    #expect(try recording.jsonLines(registry: counterRegistry) == text)
  }

  @Test("a bad line in a CRLF recording is numbered as in an editor")
  func windowsLineNumbers() throws {
    let crlf = try sampleText().replacingOccurrences(of: "\n", with: "\r\n")
    let error = try #require(
      throws: RecordingImportError<Counter>.self,
      performing: {
        try Recording<Counter>(jsonLines: String(crlf.dropLast(20)), registry: counterRegistry)
      })
    #expect(error.line == 5)
    #expect(error.imported?.entries.count == 3)
  }

  @Test("imports 200,000 lines in a debug build well within two minutes (linear, not quadratic)")
  func importIsLinear() async {
    // In a child process with an alarm, so that a quadratic import fails the test instead of
    // holding up the run: 200,000 lines took hours that way, and take seconds in linear time.
    await #expect(processExitsWith: .success) {
      alarm(120)
      let count = 200_000
      var text = #"{"format":"swift-redux-recording","initialState":{"count":0,"log":[],"step":1},"#
      text += #""version":1}"# + "\n"
      for index in 1...count {
        text += #"{"action":{},"state":{"count":"# + String(index)
        text += #","log":[],"step":1},"timestamp":1700000000,"type":"Increment"}"# + "\n"
      }
      let recording = try Recording<Counter>(jsonLines: text, registry: counterRegistry)
      guard recording.entries.count == count, recording.entries.last?.state.count == count else {
        exit(1)
      }
    }
  }

  @Test("empty text and other JSON are not recordings")
  func notARecording() throws {
    for text in ["", "\n\n", #"{"hello":1}"#, "garbage"] {
      let error = try #require(
        throws: RecordingImportError<Counter>.self,
        performing: { try Recording<Counter>(jsonLines: text, registry: counterRegistry) })
      #expect(error.reason == .notARecording)
      #expect(error.imported == nil)
    }
  }

  @Test("an action type missing from the registry cannot be exported")
  func unregisteredExport() throws {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(Unregistered())
    #expect(throws: RecordingExportError.unregisteredActionType("Unregistered", step: 2)) {
      try devTools.recording.jsonLines(registry: counterRegistry)
    }
  }
}
