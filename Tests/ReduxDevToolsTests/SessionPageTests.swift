import Foundation
import ReduxCore
import ReduxDevTools
import Testing

@Suite("SessionPage")
struct SessionPageTests {
  func recordedText() throws -> String {
    let (store, devTools) = makeStore()
    store.dispatch(Increment())
    store.dispatch(Note(text: "<script>alert(1)</script>"))
    store.dispatch(SetStep(step: 3))
    store.dispatch(Increment())
    devTools.skip(step: 4)
    return try devTools.recording.jsonLines(registry: counterRegistry)
  }

  @Test("shows a timeline entry and a card per action, in order")
  func timelineAndCards() throws {
    let page = try SessionPage(jsonLines: try recordedText(), title: "Session")
    let html = page.html
    #expect(page.actionCount == 4)
    #expect(page.problem == nil)
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(html.components(separatedBy: "<li class=\"tick").count - 1 == 4)
    #expect(html.components(separatedBy: "class=\"card entry").count - 1 == 4)
    let order = ["data-type=\"Increment\"", "data-type=\"Note\"", "data-type=\"SetStep\""]
    let positions = order.compactMap { html.range(of: $0)?.lowerBound }
    #expect(positions.count == 3 && positions == positions.sorted())
  }

  @Test("shows each action's state diff, leaf by leaf, before and after")
  func stateDiffs() throws {
    let html = try SessionPage(jsonLines: try recordedText()).html
    #expect(
      html.contains(
        "<th scope=\"row\">count</th><td class=\"before\">0</td><td class=\"arrow\">→</td>"
          + "<td class=\"after\">1</td>"))
    #expect(html.contains("<th scope=\"row\">log[0]</th><td class=\"before\">—</td>"))
    #expect(html.contains("<th scope=\"row\">step</th><td class=\"before\">1</td>"))
    // The skipped Increment changed nothing.
    #expect(html.contains("No state change"))
    #expect(html.contains("1 skipped"))
  }

  @Test("escapes text from the recording, so a payload cannot inject markup")
  func escapesPayloads() throws {
    let html = try SessionPage(jsonLines: try recordedText()).html
    #expect(!html.contains("<script>alert(1)"))
    #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
  }

  @Test("needs nothing from the network")
  func selfContained() throws {
    let html = try SessionPage(jsonLines: try recordedText()).html
    #expect(!html.contains("http://") && !html.contains("https://"))
    #expect(!html.contains("src="))
  }

  @Test("a bad line after the header keeps the entries before it and says where it stopped")
  func badLineIsShown() throws {
    let text = try recordedText()
    let page = try SessionPage(jsonLines: String(text.dropLast(10)))
    #expect(page.actionCount == 3)
    #expect(page.problem?.line == 5)
    #expect(page.html.contains("role=\"alert\">line 5: malformed entry"))
  }

  @Test("input that is not a recording, or from a newer format, is a typed error")
  func badHeader() throws {
    #expect(throws: SessionPageError(line: 1, message: "not a swift-redux recording header")) {
      try SessionPage(jsonLines: "{\"hello\":true}\n")
    }
    #expect(throws: SessionPageError(line: 1, message: "empty input: no header line")) {
      try SessionPage(jsonLines: "")
    }
    let newer = #"{"format":"swift-redux-recording","initialState":{},"version":2}"#
    #expect(throws: SessionPageError(line: 1, message: "recording format 2 is newer than 1")) {
      try SessionPage(jsonLines: newer)
    }
  }

  @Test("reads a recording whose lines end in CRLF")
  func windowsLineEndings() throws {
    let text = try recordedText()
    let page = try SessionPage(jsonLines: text.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(page.actionCount == 4)
    #expect(page.problem == nil)
    #expect(page.html == (try SessionPage(jsonLines: text)).html)
  }

  @Test("a header version that no release wrote is refused")
  func unknownVersion() throws {
    let zero = #"{"format":"swift-redux-recording","initialState":{},"version":0}"#
    #expect(
      throws: SessionPageError(
        line: 1, message: "recording format 0 was never written (this library reads format 1)")
    ) {
      try SessionPage(jsonLines: zero)
    }
  }

  @Test("control characters from the recording and the title reach the page as visible stand-ins")
  func controlCharacters() throws {
    let text = #"""
      {"format":"swift-redux-recording","initialState":{"a\u0007b":0},"version":1}
      {"action":{"note":"\u0000"},"state":{"a\u0007b":1},"timestamp":1,"type":"Ping\u001b[31m\u007f"}
      """#
    let html = try SessionPage(jsonLines: text, title: "Session\u{0}\u{85}\r").html
    let controls = html.unicodeScalars.filter {
      $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t"
    }
    #expect(controls.isEmpty, "raw control characters: \(controls.map(\.value))")
    #expect(html.contains("<title>Session\u{2400}\u{FFFD}\u{240D}</title>"))
    #expect(html.contains("data-type=\"Ping\u{241B}[31m\u{2421}\""))
    #expect(html.contains("<th scope=\"row\">a\u{2407}b</th>"))
    #expect(html.contains(#"<span class="key">a\#u{2407}b</span>: <span class="value">0</span>"#))
    #expect(html.contains(#"{note: &quot;\u0000&quot;}"#))
  }

  @Test("inlines the styles and the script that the module embeds")
  func inlinesAssets() throws {
    let html = try SessionPage(jsonLines: try recordedText()).html
    #expect(html.contains("#timeline { position: sticky;"))
    #expect(html.contains("document.documentElement.dataset.timelineRendered"))
    #expect(html.components(separatedBy: "<style>").count == 2)
    #expect(html.components(separatedBy: "</script>").count == 2)
  }
}
