import ReduxSeam

/// The live inspector's page: the session page's header, cards and state tree, with the
/// controls for time travel and dispatch around them. It arrives empty; its script opens the
/// WebSocket and fills it from the server's messages (see `inspector.js`).
///
/// The page holds no data from the app but the registered action names, escaped like every
/// other text. What the server sends later is HTML rendered by ``PageRenderer``, which escapes
/// every payload, so the script inserts only markup the server escaped and sets every other
/// text as text.
enum InspectorPage {
  /// The page, its script marked with `nonce` for the server's Content-Security-Policy.
  static func html(title: String, actionNames: [String], nonce: String) -> String {
    let options = actionNames.map { name in
      "<option value=\"\(HTML.escape(name))\">\(HTML.escape(name))</option>"
    }.joined()
    let body = """
      <header>
      <h1>\(HTML.escape(title)) <span id="connection" class="connection">connecting</span></h1>
      <p class="summary" id="status" role="status"></p>
      </header>
      <p id="dropped" class="problem" role="alert" hidden></p>
      <p id="error" class="problem" role="alert" hidden></p>
      <nav class="toolbar" aria-label="History">
      <button type="button" id="record">Pause recording</button>
      <button type="button" id="lock">Lock changes</button>
      <button type="button" data-op="latest">Latest</button>
      <button type="button" data-op="commit">Commit</button>
      <button type="button" data-op="rollback">Rollback</button>
      <button type="button" data-op="reset">Reset</button>
      <button type="button" data-op="sweep">Sweep skipped</button>
      <span class="group">Steps <input id="range-from" type="number" min="1" aria-label="from step">\
       to <input id="range-to" type="number" min="1" aria-label="to step">\
      <button type="button" id="skip-range">Skip</button>\
      <button type="button" id="include-range">Include</button></span>
      <span class="group"><label>Capacity <input id="capacity" type="number" min="1"></label>\
      <button type="button" id="set-capacity">Set</button></span>
      <button type="button" id="export">Export</button>
      <label class="file">Import recording <input id="import" type="file"></label>
      <label class="file">Import actions <input id="import-actions" type="file"></label>
      <label>Filter <input id="filter" type="search" placeholder="action type"></label>
      </nav>
      <form id="dispatch" class="toolbar">
      <label>Dispatch <select id="dispatch-type">\(options)</select></label>
      <textarea id="dispatch-json" rows="1" cols="40" aria-label="action JSON">{}</textarea>
      <button type="submit" id="dispatch-button">Dispatch</button>
      </form>
      <main class="inspector">
      <section class="log" aria-label="Actions"><div id="base"></div>\
      <ol id="entries" class="entries"></ol></section>
      <aside class="state-panel" aria-label="State"><h2 id="state-title">State</h2>\
      <div id="state-tree"></div></aside>
      </main>

      """
    return PageRenderer.document(
      title: title, body: body, script: PageAssets.inspectorScript, nonce: nonce)
  }
}
