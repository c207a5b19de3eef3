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
/// The page needs no network: styles and a few lines of script are inline. The timeline links
/// to each action's card (the arrow keys step through them), and once laid out the page sets
/// `data-timeline-rendered` on its root element to the number of timeline entries shown, for
/// headless browser checks.
public struct SessionPage: Sendable {
  /// The page's title.
  public var title: String
  /// How many actions the page shows.
  public var actionCount: Int { steps.count }
  /// The first bad line after the header, if any: the page shows every entry before it, and
  /// says where it stopped.
  public var problem: SessionPageError?

  private var initialState: JSONValue
  private var steps: [Step]

  private struct Step: Sendable {
    var type: String
    var action: JSONValue
    var state: JSONValue
    var timestamp: Double?
    var isSkipped: Bool
    var changes: [StateChange]
  }

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
    var steps: [Step] = []
    var problem: SessionPageError?
    let lastLine = try RecordingFormat.forEachLine(in: jsonLines) {
      (number, line) throws(SessionPageError) in
      guard let previous = steps.last?.state ?? initialState else {
        initialState = try Self.header(line, number: number)
        return true
      }
      do {
        let entry = try EntryLine(try JSONValue(parsing: line))
        steps.append(
          Step(
            type: entry.type, action: entry.action, state: entry.state,
            timestamp: entry.timestamp?.double, isSkipped: entry.isSkipped,
            changes: StateChange.changes(from: previous, to: entry.state)))
        return true
      } catch {
        problem = SessionPageError(
          line: number, message: "malformed entry; the timeline stops before it")
        return false
      }
    }
    guard let initialState else {
      throw SessionPageError(line: lastLine, message: "empty input: no header line")
    }
    self.initialState = initialState
    self.steps = steps
    self.problem = problem
  }

  private static func header(_ line: UnsafeBufferPointer<UInt8>, number: Int)
    throws(SessionPageError) -> JSONValue
  {
    do {
      return try RecordingFormat.initialState(ofHeader: try? JSONValue(parsing: line))
    } catch .newerVersion(let found) {
      throw SessionPageError(
        line: number, message: "recording format \(found) is newer than \(RecordingFormat.version)")
    } catch .unknownVersion(let found) {
      throw SessionPageError(
        line: number,
        message: "recording format \(found) was never written (this library reads format "
          + "\(RecordingFormat.version))")
    } catch {
      throw SessionPageError(line: number, message: "not a swift-redux recording header")
    }
  }

  /// The whole page, with its styles inline.
  public var html: String {
    let start = steps.first?.timestamp
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(title))</title>
      <style>\(Self.styles)</style>
      </head>
      <body>
      <header>
      <h1>\(escape(title))</h1>
      <p class="summary">\(steps.count) action\(steps.count == 1 ? "" : "s")\
      \(duration.map { " over \($0)" } ?? "")\
      \(skippedCount > 0 ? " · \(skippedCount) skipped" : "")</p>
      </header>

      """
    if let problem {
      page += "<p class=\"problem\" role=\"alert\">\(escape(problem.description))</p>\n"
    }
    page += "<nav id=\"timeline\" aria-label=\"Timeline\"><ol>\n"
    for (index, step) in steps.enumerated() {
      page += """
        <li class="tick\(step.isSkipped ? " skipped" : "")" style="--hue: \(hue(step.type))">\
        <a href="#action-\(index + 1)" title="#\(index + 1) \(escape(step.type))">\
        <span class="number">\(index + 1)</span> \(escape(step.type))</a></li>

        """
    }
    page += "</ol></nav>\n<main>\n"
    page += """
      <section class="card initial" id="action-0">
      <div class="meta"><span class="index">#0</span><span class="type">Initial state</span></div>
      <pre class="state">\(escape(pretty(initialState)))</pre>
      </section>
      <ol class="entries">

      """
    for (index, step) in steps.enumerated() {
      page += """
        <li class="card entry\(step.isSkipped ? " skipped" : "")" id="action-\(index + 1)" \
        data-type="\(escape(step.type))" style="--hue: \(hue(step.type))">
        <div class="meta"><span class="index">#\(index + 1)</span>\
        <span class="type">\(escape(step.type))</span>\
        \(step.isSkipped ? "<span class=\"badge\">skipped</span>" : "")\
        <time>\(offset(step.timestamp, from: start))</time></div>
        <pre class="payload">\(escape(step.action.json))</pre>

        """
      if step.changes.isEmpty {
        page += "<p class=\"unchanged\">No state change</p>\n"
      } else {
        page += "<table class=\"diff\"><tbody>\n"
        for change in step.changes {
          page += """
            <tr><th scope="row">\(escape(change.path))</th>\
            <td class="before">\(escape(short(change.before)))</td>\
            <td class="arrow">→</td>\
            <td class="after">\(escape(short(change.after)))</td></tr>

            """
        }
        page += "</tbody></table>\n"
      }
      page += "</li>\n"
    }
    page += "</ol>\n</main>\n<script>\(Self.script)</script>\n</body>\n</html>\n"
    return page
  }

  private var skippedCount: Int { steps.count { $0.isSkipped } }

  private var duration: String? {
    guard let first = steps.first?.timestamp, let last = steps.last?.timestamp else { return nil }
    let seconds = last - first
    return seconds < 1
      ? String(format: "%.3f ms", seconds * 1_000) : String(format: "%.3f s", seconds)
  }

  private func offset(_ timestamp: Double?, from start: Double?) -> String {
    guard let timestamp, let start else { return "" }
    let seconds = timestamp - start
    return seconds < 1
      ? String(format: "+%.3f ms", seconds * 1_000) : String(format: "+%.3f s", seconds)
  }

  private func short(_ value: JSONValue?) -> String {
    guard let value else { return "—" }
    let json = value.json
    return json.count > 160 ? json.prefix(157) + "…" : json
  }

  private func pretty(_ value: JSONValue) -> String {
    guard case .object(let object) = value else { return value.json }
    return object.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.json)" }
      .joined(separator: "\n")
  }

  /// A stable colour per action type, so the same action looks the same along the timeline.
  private func hue(_ type: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in type.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % 12) * 30
  }

  private func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// Marks the page once laid out with how many timeline entries the browser shows, so a
  /// headless check (`chromium --dump-dom`) can tell that the timeline rendered; and lets the
  /// arrow keys move from one action to the next.
  private static let script = """
    addEventListener("load", () => {
      const ticks = [...document.querySelectorAll("#timeline .tick a")];
      const shown = ticks.filter(t => { const r = t.getBoundingClientRect();
        return r.width > 0 && r.height > 0; });
      document.documentElement.dataset.timelineRendered = String(shown.length);
      let current = 0;
      addEventListener("keydown", event => {
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        current = Math.max(0, Math.min(ticks.length,
          current + (event.key === "ArrowRight" ? 1 : -1)));
        location.hash = "#action-" + current;
      });
    });
    """

  private static let styles = """
    :root { color-scheme: light; font-family: -apple-system, "Segoe UI", Roboto, sans-serif;
      background: #f4f5f8; color: #1d2030; }
    body { margin: 0; }
    header { padding: 20px 28px 8px; }
    h1 { margin: 0; font-size: 22px; }
    .summary { margin: 4px 0 0; color: #5a6075; }
    .problem { margin: 8px 28px; padding: 10px 14px; background: #fff1f0; color: #a8071a;
      border: 1px solid #ffa39e; border-radius: 8px; }
    #timeline { position: sticky; top: 0; z-index: 1; background: #1d2030; padding: 12px 28px;
      overflow-x: auto; }
    #timeline ol { display: flex; gap: 6px; margin: 0; padding: 0; list-style: none; }
    .tick a { display: block; min-width: 64px; padding: 8px 10px; border-radius: 6px;
      background: hsl(var(--hue) 70% 45%); color: white; text-decoration: none; font-size: 12px;
      white-space: nowrap; }
    .tick.skipped a { opacity: 0.4; text-decoration: line-through; }
    .tick .number { opacity: 0.7; font-variant-numeric: tabular-nums; }
    main { padding: 16px 28px 40px; }
    .entries { list-style: none; margin: 0; padding: 0; }
    .card { background: white; border-radius: 10px; padding: 12px 16px; margin: 0 0 12px;
      box-shadow: 0 1px 3px rgba(20, 24, 40, 0.12);
      border-left: 6px solid hsl(var(--hue, 220) 70% 45%); }
    .card.skipped { opacity: 0.55; }
    .meta { display: flex; gap: 12px; align-items: baseline; }
    .index { color: #8a90a5; font-variant-numeric: tabular-nums; }
    .type { font-weight: 600; }
    .badge { font-size: 11px; background: #eee; padding: 2px 6px; border-radius: 4px; }
    time { margin-left: auto; color: #8a90a5; font-size: 12px; }
    pre { margin: 8px 0; font: 12px/1.5 ui-monospace, Menlo, Consolas, monospace;
      white-space: pre-wrap; word-break: break-all; color: #3a4060; }
    .diff { border-collapse: collapse; font: 12px/1.6 ui-monospace, Menlo, Consolas, monospace; }
    .diff th { text-align: left; padding-right: 14px; color: #3a4060; font-weight: 600; }
    .diff .before { background: #fff1f0; color: #a8071a; padding: 0 6px; }
    .diff .after { background: #f0fff4; color: #135200; padding: 0 6px; }
    .diff .arrow { color: #8a90a5; padding: 0 6px; }
    .unchanged { color: #8a90a5; font-size: 13px; margin: 6px 0 0; }
    """
}
