import Foundation

/// The HTML of the DevTools pages, in pieces: the document around a body, the header, the
/// timeline strip and its ticks, a card per action with its payload and state diff, and the
/// state as a collapsible tree.
///
/// ``SessionPage`` puts them together once for a whole recording; the live inspector sends the
/// same cards and trees to its page as actions arrive, so both pages show a session the same
/// way. Every piece escapes the text it is given (see ``HTML/escape(_:)``) and inlines
/// ``PageAssets/styles``, so a page needs nothing from the network.
enum PageRenderer {
  /// A complete document: `body` inside, the shared styles in the head, `script` at the end.
  /// `nonce`, when given, marks the script for a `Content-Security-Policy` that allows only it.
  static func document(title: String, body: String, script: String, nonce: String? = nil)
    -> String
  {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(HTML.escape(title))</title>
    <style>\(PageAssets.styles)</style>
    </head>
    <body>
    \(body)<script\(nonce.map { " nonce=\"\(HTML.escape($0))\"" } ?? "")>\(script)</script>
    </body>
    </html>

    """
  }

  /// The page's heading and a line of summary under it.
  static func header(title: String, summary: String) -> String {
    """
    <header>
    <h1>\(HTML.escape(title))</h1>
    <p class="summary">\(HTML.escape(summary))</p>
    </header>

    """
  }

  /// "3 actions over 12.000 ms · 1 skipped".
  static func summary(of steps: [PageStep]) -> String {
    var summary = "\(steps.count) action\(steps.count == 1 ? "" : "s")"
    if let first = steps.first?.timestamp, let last = steps.last?.timestamp {
      summary += " over " + duration(last - first)
    }
    let skipped = steps.count { $0.isSkipped }
    if skipped > 0 { summary += " · \(skipped) skipped" }
    return summary
  }

  /// A warning above the timeline, read out by screen readers.
  static func problem(_ message: String) -> String {
    "<p class=\"problem\" role=\"alert\">\(HTML.escape(message))</p>\n"
  }

  /// The timeline strip: one tick per step, numbered from 1, each linking to its card.
  static func timeline(_ steps: [PageStep]) -> String {
    var html = "<nav id=\"timeline\" aria-label=\"Timeline\"><ol>\n"
    for (index, step) in steps.enumerated() { html += tick(step, number: index + 1) }
    return html + "</ol></nav>\n"
  }

  /// One tick of the timeline strip.
  static func tick(_ step: PageStep, number: Int) -> String {
    let type = HTML.escape(step.type)
    return """
      <li class="tick\(step.isSkipped ? " skipped" : "")" style="--hue: \(hue(step.type))">\
      <a href="#action-\(number)" title="#\(number) \(type)">\
      <span class="number">\(number)</span> \(type)</a></li>

      """
  }

  /// The card of the state before the first action (`#action-0`), with the state as a tree.
  static func initialCard(_ state: JSONValue, title: String = "Initial state") -> String {
    """
    <section class="card initial" id="action-0" data-id="0">
    <div class="meta"><span class="index">#0</span><span class="type">\(HTML.escape(title))\
    </span></div>
    \(stateTree(state))</section>

    """
  }

  /// The card of one action: its step, type, time since `start`, payload and state diff.
  /// `id`, when given, names the entry for the live inspector (`data-id`).
  static func card(_ step: PageStep, number: Int, start: Double?, id: Int? = nil) -> String {
    let type = HTML.escape(step.type)
    var html = """
      <li class="card entry\(step.isSkipped ? " skipped" : "")" id="action-\(number)" \
      data-type="\(type)"\(id.map { " data-id=\"\($0)\"" } ?? "") \
      style="--hue: \(hue(step.type))">
      <div class="meta"><span class="index">#\(number)</span><span class="type">\(type)</span>\
      \(step.isSkipped ? "<span class=\"badge\">skipped</span>" : "")\
      <time>\(offset(step.timestamp, from: start))</time></div>
      <pre class="payload">\(HTML.escape(step.action.display(limit: 400)))</pre>

      """
    if step.changes.isEmpty {
      html += "<p class=\"unchanged\">No state change</p>\n"
    } else {
      html += "<table class=\"diff\"><tbody>\n"
      for change in step.changes {
        html += """
          <tr><th scope="row">\(HTML.escape(change.path))</th>\
          <td class="before">\(HTML.escape(short(change.before)))</td>\
          <td class="arrow">→</td>\
          <td class="after">\(HTML.escape(short(change.after)))</td></tr>

          """
      }
      html += "</tbody></table>\n"
    }
    return html + "</li>\n"
  }

  private static func duration(_ seconds: Double) -> String {
    seconds < 1
      ? String(format: "%.3f ms", seconds * 1_000) : String(format: "%.3f s", seconds)
  }

  private static func offset(_ timestamp: Double?, from start: Double?) -> String {
    guard let timestamp, let start else { return "" }
    return "+" + duration(timestamp - start)
  }

  /// A value for a diff cell, as ``JSONValue/display(limit:)`` shows it; "—" where there is
  /// none.
  private static func short(_ value: JSONValue?) -> String {
    value?.display() ?? "—"
  }

  /// A stable colour per action type, so the same action looks the same along the timeline.
  private static func hue(_ type: String) -> Int {
    var hash: UInt32 = 2_166_136_261
    for byte in type.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return Int(hash % 12) * 30
  }
}
