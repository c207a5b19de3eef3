import Foundation

/// Turns a JSON Lines recording into one self-contained HTML page: a timeline of the actions
/// and, for each action, its payload and the state it changed.
///
/// It reads any recording written by ``Recording/jsonLines(registry:)`` without the app's
/// types, so the `redux-devtools-viewer` tool can show a session from any app:
///
/// ```swift
/// let page = try SessionPage(jsonLines: text, title: "Counter session")
/// try page.html.write(to: URL(filePath: "session.html"), atomically: true, encoding: .utf8)
/// ```
///
/// The page needs no network: its styles and a few lines of script are inline. The timeline
/// links to each action's card (the arrow keys step through them), and once laid out the page
/// sets `data-timeline-rendered` on its root element to the number of timeline entries shown,
/// for headless browser checks.
///
/// Text from the recording is escaped, so it never becomes markup; control characters in it
/// are shown as visible stand-ins (NUL as ␀, ESC as ␛) rather than written into the page.
public struct SessionPage: Sendable {
  /// The page's title.
  public var title: String
  /// How many actions the page shows.
  public var actionCount: Int { steps.count }
  /// The first bad line after the header, if any: the page shows every entry before it, and
  /// says where it stopped.
  public var problem: SessionPageError?

  private var initialState: JSONValue
  private var steps: [PageStep]

  /// Reads a recording.
  ///
  /// Lines may end in LF or CRLF; blank lines are ignored.
  ///
  /// - Throws: ``SessionPageError`` when the header line is missing or malformed, or names a
  ///   format version this library never wrote. A bad line after the header does not throw:
  ///   see ``problem``.
  public init(jsonLines: String, title: String = "Redux session") throws(SessionPageError) {
    self.title = title
    var initialState: JSONValue?
    var steps: [PageStep] = []
    var problem: SessionPageError?
    let lastLine = try RecordingFormat.forEachLine(in: jsonLines) {
      (number, line) throws(SessionPageError) in
      guard let previous = steps.last?.state ?? initialState else {
        initialState = try Self.header(line, number: number)
        return true
      }
      guard let entry = EntryLine(json: Data(buffer: line)) else {
        problem = SessionPageError(
          line: number, message: "malformed entry; the timeline stops before it")
        return false
      }
      steps.append(PageStep(entry, after: previous))
      return true
    }
    guard let initialState else {
      throw SessionPageError(line: lastLine, message: "empty input: no header line")
    }
    self.initialState = initialState
    self.steps = steps
    self.problem = problem
  }

  /// Makes the page of a recording, from its values: as from its JSON Lines, with each `Date`
  /// and `Duration` in the states shown as Swift writes it (`.seconds(300)`), which JSON text
  /// alone cannot tell from numbers.
  ///
  /// ```swift
  /// let page = try SessionPage(recording: devTools.recording, registry: registry)
  /// ```
  ///
  /// - Throws: ``RecordingExportError`` for an action whose type is not in `registry`, or a
  ///   state or action that does not encode, naming its step, as an export would.
  public init<State: Encodable>(
    recording: Recording<State>, registry: ActionRegistry, title: String = "Redux session"
  ) throws(RecordingExportError) {
    func shown(_ state: State, step: Int) throws(RecordingExportError) -> JSONValue {
      do {
        return try JSONValue(showing: state, registry: registry)
      } catch {
        throw .encodingFailed(step: step, JSONCoding.reason(for: error))
      }
    }
    self.title = title
    initialState = try shown(recording.initialState, step: 0)
    var steps: [PageStep] = []
    for (index, entry) in recording.entries.enumerated() {
      let (type, action) = registry.encode(entry.action)
      guard let action else { throw .unregisteredActionType(type, step: index + 1) }
      steps.append(
        PageStep(
          type: type, action: action, state: try shown(entry.state, step: index + 1),
          timestamp: entry.timestamp.timeIntervalSince1970, isSkipped: entry.isSkipped,
          after: steps.last?.state ?? initialState))
    }
    self.steps = steps
    problem = nil
  }

  private static func header(_ line: UnsafeBufferPointer<UInt8>, number: Int)
    throws(SessionPageError) -> JSONValue
  {
    let data = Data(buffer: line)
    do {
      try RecordingFormat.checkHeader(data, decoder: JSONCoding.decoder())
      // Checked: the line is JSON, and holds an initial state.
      return (try? JSONValue(json: data))?["initialState"] ?? .null
    } catch .newerVersion(let found) {
      throw SessionPageError(
        line: number,
        message: "recording format \(found) is newer than \(RecordingFormat.version)")
    } catch .unknownVersion(let found) {
      throw SessionPageError(
        line: number,
        message: "recording format \(found) was never written (this library reads format "
          + "\(RecordingFormat.version))")
    } catch {
      throw SessionPageError(line: number, message: "not a swift-redux recording header")
    }
  }

  /// The whole page, with its styles and script inline.
  public var html: String {
    var body = PageRenderer.header(title: title, summary: PageRenderer.summary(of: steps))
    if let problem { body += PageRenderer.problem(problem.description) }
    body += PageRenderer.timeline(steps)
    body += "<main>\n" + PageRenderer.initialCard(initialState) + "<ol class=\"entries\">\n"
    let start = steps.first?.timestamp
    for (index, step) in steps.enumerated() {
      body += PageRenderer.card(step, number: index + 1, start: start)
    }
    body += "</ol>\n</main>\n"
    return PageRenderer.document(title: title, body: body, script: PageAssets.sessionScript)
  }
}
