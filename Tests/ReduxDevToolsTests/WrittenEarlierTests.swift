import Foundation
import ReduxCore
import ReduxDevTools
import Testing

/// Files that the hand-written JSON coders of earlier releases wrote (`Written/`), read by
/// today's: a recording a user kept must still open
/// (ReduxPersistenceTests reads the state file of that release).
@Suite("Files written by earlier releases")
struct WrittenEarlierTests {
  let directory = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Written")

  /// The recording's states, as the release that wrote it had them.
  var changed: Everything {
    var state = Everything()
    state.text = "second"
    state.missing = 7
    return state
  }

  @Test("a recording imports with every value, action, timestamp and skipped flag")
  func recording() throws {
    let text = try String(
      contentsOf: directory.appending(path: "recording-v1.jsonl"), encoding: .utf8)
    let registry = ActionRegistry().registering(Note.self).registering(SetStep.self)
    let recording = try Recording<Everything>(jsonLines: text, registry: registry)
    #expect(recording.initialState == Everything())
    #expect(recording.entries.map(\.state) == [changed, Everything()])
    #expect(
      recording.entries.map(\.timestamp)
        == [
          Date(timeIntervalSince1970: 1_700_000_001.5), Date(timeIntervalSince1970: 1_700_000_002),
        ])
    #expect(recording.entries.map(\.isSkipped) == [false, true])
    #expect((recording.entries[0].action as? Note)?.text == "a \"note\"\n")
    #expect((recording.entries[1].action as? SetStep)?.step == 3)
    // Written again, it reads the same: today's encoder writes what the earlier one wrote.
    #expect(try recording.jsonLines(registry: registry) == text)
  }
}

extension WrittenEarlierTests {
  @Test("the session page shows every number of that recording as it was written")
  func sessionPageNumbers() throws {
    let text = try String(
      contentsOf: directory.appending(path: "recording-v1.jsonl"), encoding: .utf8)
    let page = try SessionPage(jsonLines: text)
    #expect(page.actionCount == 2)
    #expect(page.problem == nil)
    let html = page.html
    for number in [
      "18446744073709551615", "170141183460469231731687303715884105727",
      "12345678901234567890.123456789", "5e-324", "1700000000.25", "-128",
    ] {
      #expect(html.contains(number), "\(number) is missing from the page")
    }
  }
}
