import Foundation
import ReduxCore
import ReduxDevTools
import Testing

/// A state with every kind of value Codable can write, for the JSON that recordings and state
/// files hold.
struct Everything: Codable, Equatable, Sendable {
  enum Shape: Codable, Equatable, Sendable {
    case circle(radius: Double)
    case square(side: Int)
    case none
  }

  var date = Date(timeIntervalSince1970: 1_700_000_000.25)
  var data = Data([0, 1, 2, 250, 255])
  var url = URL(string: "https://example.com/a/b?c=d")!
  var decimal = Decimal(string: "12345678901234567890.123456789")!
  var double = 0.1
  var tiny = Double.leastNonzeroMagnitude
  var float: Float = 0.1
  var small: Int8 = -128
  var big = UInt64.max
  var huge = Int128.max
  var optional: String? = "here"
  var missing: Int?
  var text = "quote \" backslash \\ slash / newline \n tab \t nul \u{0} esc \u{1B} é 😀 \u{2028}"
  var shapes: [Shape] = [.circle(radius: 1.5), .square(side: 2), .none]
  var byName = ["b": 2, "a": 1]
  var byNumber = [3: "three", 1: "one"]
  var nested: [[Bool]] = [[true, false], []]
  var empty: [String: [Int]] = [:]
}

/// Holds a number in the narrowest integer type, to show that a number that does not fit is
/// refused rather than rounded.
struct Narrow: Codable, Equatable, Sendable {
  var value: Int8
}

@Suite("JSON in recordings")
struct JSONCodingTests {
  let registry = ActionRegistry().registering(Note.self)

  func recording(of state: Everything) -> Recording<Everything> {
    var changed = state
    changed.text = "second"
    changed.missing = 7
    return Recording(
      initialState: state,
      entries: [
        RecordedAction(
          action: Note(text: "a \"note\"\n"), state: changed,
          timestamp: Date(timeIntervalSince1970: 1_700_000_001.5))
      ])
  }

  @Test("every kind of Codable value comes back exactly from a recording")
  func roundTripsEveryShape() throws {
    let original = recording(of: Everything())
    let text = try original.jsonLines(registry: registry)
    let imported = try Recording<Everything>(jsonLines: text, registry: registry)
    #expect(imported.initialState == original.initialState)
    #expect(imported.entries.map(\.state) == original.entries.map(\.state))
    #expect(imported.entries.map(\.timestamp) == original.entries.map(\.timestamp))
    #expect((imported.entries.first?.action as? Note)?.text == "a \"note\"\n")
    #expect(try imported.jsonLines(registry: registry) == text)
  }

  @Test("reads recordings that JSONEncoder wrote, and JSONDecoder reads the ones it writes")
  func matchesFoundationsCoders() throws {
    struct Header: Codable {
      var format = "swift-redux-recording"
      var version = 1
      var initialState: Everything
    }
    struct Line: Codable {
      var type = "Note"
      var action: Note
      var state: Everything
      var timestamp: Date
      var skipped = false
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.dateEncodingStrategy = .secondsSince1970
    var state = Everything()
    state.huge = 0  // Foundation's coders in this toolchain do not write Int128
    let original = recording(of: state)
    let entry = try #require(original.entries.first)
    let foreign = [
      try encoder.encode(Header(initialState: state)),
      try encoder.encode(
        Line(action: Note(text: "a \"note\"\n"), state: entry.state, timestamp: entry.timestamp)),
    ].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")

    let imported = try Recording<Everything>(jsonLines: foreign, registry: registry)
    #expect(imported.initialState == state)
    #expect(imported.entries.map(\.state) == [entry.state])

    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let lines = try original.jsonLines(registry: registry).split(separator: "\n")
    #expect(try decoder.decode(Header.self, from: Data(lines[0].utf8)).initialState == state)
    #expect(try decoder.decode(Line.self, from: Data(lines[1].utf8)).state == entry.state)
  }

  @Test("writes keys sorted and whole seconds without a fraction, as JSONEncoder does")
  func writesCanonicalText() throws {
    let recording = Recording(
      initialState: Narrow(value: 1),
      entries: [
        RecordedAction(
          action: Note(text: "x"), state: Narrow(value: 2),
          timestamp: Date(timeIntervalSince1970: 1_700_000_000))
      ])
    let text = try recording.jsonLines(registry: registry)
    #expect(
      text == """
        {"format":"swift-redux-recording","initialState":{"value":1},"version":1}
        {"action":{"text":"x"},"skipped":false,"state":{"value":2},"timestamp":1700000000,\
        "type":"Note"}

        """)
  }

  @Test("a number that does not fit its type is refused, never rounded")
  func numberOutOfRange() throws {
    let text = """
      {"format":"swift-redux-recording","initialState":{"value":1},"version":1}
      {"action":{"text":"x"},"state":{"value":300},"timestamp":1,"type":"Note"}
      """
    let error = try #require(
      throws: RecordingImportError<Narrow>.self,
      performing: { try Recording<Narrow>(jsonLines: text, registry: registry) })
    #expect(error.line == 2)
    // JSONDecoder reports it without the path.
    #expect(error.reason == .malformedLine("a number does not fit the type it decodes to"))
  }

  @Test("text that is not JSON names the character where it goes wrong")
  func syntaxErrorPosition() throws {
    let text = """
      {"format":"swift-redux-recording","initialState":{"value":1},"version":1}
      {"action":{},"state":{"value":1 "x"},"timestamp":1,"type":"Note"}
      """
    let error = try #require(
      throws: RecordingImportError<Narrow>.self,
      performing: { try Recording<Narrow>(jsonLines: text, registry: registry) })
    #expect(error.reason == .malformedLine("not valid JSON: Invalid value around character 32."))
  }

  @Test("nesting deeper than 512 levels is an error, not a crash")
  func deepNesting() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let text = """
      {"format":"swift-redux-recording","initialState":{"value":1},"version":1}
      {"action":{},"state":\(deep),"timestamp":1,"type":"Note"}
      """
    let error = try #require(
      throws: RecordingImportError<Narrow>.self,
      performing: { try Recording<Narrow>(jsonLines: text, registry: registry) })
    guard case .malformedLine(let detail) = error.reason else {
      Issue.record("expected a malformed line, got \(error.reason)")
      return
    }
    #expect(detail.hasPrefix("not valid JSON: Too many nested arrays or dictionaries"))
  }

  @Test("a state nested deeper than 512 levels is an export error, not a file that cannot be read")
  func deepStateExport() throws {
    indirect enum Tree: Codable, Sendable {
      case leaf
      case node([Tree])
    }
    // Each level of the tree is three levels of JSON: {"node":{"_0":[...]}}.
    func tree(depth: Int) -> Tree { (0..<depth).reduce(.leaf) { tree, _ in .node([tree]) } }
    let fits = Recording(
      initialState: Tree.leaf,
      entries: [RecordedAction(action: Note(text: ""), state: tree(depth: 160), timestamp: Date())])
    let text = try fits.jsonLines(registry: registry)
    #expect(try Recording<Tree>(jsonLines: text, registry: registry).entries.count == 1)

    let tooDeep = Recording(
      initialState: Tree.leaf,
      entries: [RecordedAction(action: Note(text: ""), state: tree(depth: 200), timestamp: Date())])
    #expect {
      try tooDeep.jsonLines(registry: registry)
    } throws: { error in
      guard case .encodingFailed(step: 1, let detail) = error as? RecordingExportError else {
        return false
      }
      return detail.contains("Unable to encode")
    }
  }

  @Test("a state holding a number JSON cannot write is an export error naming the entry")
  func nonFiniteNumber() throws {
    var state = Everything()
    state.double = .infinity
    let recording = Recording(
      initialState: Everything(),
      entries: [RecordedAction(action: Note(text: ""), state: state, timestamp: Date())])
    #expect {
      try recording.jsonLines(registry: registry)
    } throws: { error in
      guard case .encodingFailed(step: 1, let detail) = error as? RecordingExportError else {
        return false
      }
      return detail.hasPrefix("cannot encode the value at state.double")
    }
  }
}
