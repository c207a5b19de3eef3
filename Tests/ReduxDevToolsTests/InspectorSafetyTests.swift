import Foundation
import ReduxCore
import ReduxDevTools
import Testing

@Suite("Live inspector safety", .timeLimit(.minutes(1)))
struct InspectorSafetyTests {
  @Test("listens on loopback only unless the app names another address")
  func loopbackByDefault() async throws {
    let (_, _, server) = try await servedStore()
    #expect(server.host == "127.0.0.1")
    let path = "/?token=\(server.token)"
    #expect(try await TestSocket.get(path, port: server.port).status == 200)
    // 127.0.0.2 is this machine too, but not the address the server listens on.
    await #expect(throws: (any Error).self) {
      try await TestSocket.get(path, host: "127.0.0.2", port: server.port)
    }
    await server.stop()

    let (_, devTools) = makeStore()
    let open = try await devTools.serve(
      registry: counterRegistry, host: "0.0.0.0", logger: LogRecords().logger)
    let openPath = "/?token=\(open.token)"
    #expect(try await TestSocket.get(openPath, host: "127.0.0.2", port: open.port).status == 200)
    await open.stop()

    await #expect(throws: InspectorStartError.invalidAddress("localhost")) {
      try await devTools.serve(
        registry: counterRegistry, host: "localhost", logger: LogRecords().logger)
    }
  }

  @Test("a request without the token, or with another one, is refused")
  func tokenRequired() async throws {
    let (_, _, server) = try await servedStore()
    for path in ["/", "/?token=", "/?token=0123", "/socket", "/?token=\(server.token)x"] {
      let response = try await TestSocket.get(path, port: server.port)
      #expect(response.status == 403, "\(path)")
      #expect(!response.body.contains("<html"), "\(path)")
    }
    let (refused, status) = try await TestSocket.webSocket("/socket?token=nope", port: server.port)
    #expect(refused == nil && status == 403)
    let (other, otherStatus) = try await TestSocket.webSocket(
      "/socket?token=\(server.token)", port: server.port, origin: "http://attacker.example")
    #expect(other == nil && otherStatus == 403)
    #expect(try await TestSocket.get("/?token=\(server.token)", port: server.port).status == 200)
    await server.stop()
  }

  @Test("only the server's own names are answered, on every path and on the upgrade")
  func dnsRebindingIsRefused() async throws {
    let (store, _, server) = try await servedStore()
    let port = server.port
    let token = "?token=\(server.token)"
    for host in [
      "evil.example:\(port)", "evil.example", "127.0.0.1.evil.example:\(port)",
      "localhost.evil.example:\(port)", "127.0.0.1:\(port &+ 1)", "127.0.0.1", "",
    ] {
      for path in ["/" + token, "/socket" + token, "/elsewhere" + token] {
        let response = try await TestSocket.get(path, port: port, headers: ["Host": host])
        #expect(response.status == 403, "\(host) \(path)")
        #expect(response.body.hasPrefix("This DevTools inspector answers only at its own address"))
      }
      let (socket, status) = try await TestSocket.webSocket(
        "/socket" + token, port: port, origin: "http://\(host)", hostHeader: host)
      #expect(socket == nil && status == 403, "\(host)")
    }
    for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LocalHost:\(port)", "[::1]:\(port)"] {
      let response = try await TestSocket.get("/" + token, port: port, headers: ["Host": host])
      #expect(response.status == 200, "\(host)")
    }
    let (page, _) = try await browser(server)
    store.dispatch(Increment())
    #expect(try await page.receive("append").count == 1)
    await server.stop()
  }

  @Test("a number from the page outside its range is refused with a message, never a trap")
  func hostileNumbers() async throws {
    let (store, devTools, server) = try await servedStore()
    store.dispatch(Increment())
    store.dispatch(SetStep(step: 5))
    let (page, snapshot) = try await browser(server)
    let first = snapshot.ids[0]
    let attempts: [(request: String, message: String)] = [
      (
        #"{"op":"move","id":\#(first),"by":9223372036854775807}"#,
        #""move" needs "by" from -1000000 to 1000000, not 9223372036854775807"#
      ),
      (
        #"{"op":"move","id":\#(first),"by":-9223372036854775808}"#,
        #""move" needs "by" from -1000000 to 1000000, not -9223372036854775808"#
      ),
      (
        #"{"op":"move","id":-1,"by":1}"#,
        #""move" needs "id" from 0 to 9223372036854775807, not -1"#
      ),
      (
        #"{"op":"jump","id":99999999999999999999}"#,
        #""jump" needs "id" from 0 to 9223372036854775807, not 99999999999999999999"#
      ),
      (
        #"{"op":"skipRange","from":-9223372036854775808,"to":9223372036854775807}"#,
        #""skipRange" needs "from" from 0 to 9223372036854775807, not -9223372036854775808"#
      ),
      (
        #"{"op":"state","id":-5}"#,
        #""state" needs "id" from 0 to 9223372036854775807, not -5"#
      ),
      (
        #"{"op":"capacity","value":"9223372036854775808"}"#,
        "the capacity must be a whole number from 1 to 1000000, not 9223372036854775808"
      ),
    ]
    for attempt in attempts {
      try await page.send(attempt.request)
      let error = try await page.receive("error")
      #expect(error.message == attempt.message)
    }
    #expect(store.state == Counter(count: 1, step: 5))
    #expect(devTools.recording.entries.count == 2)

    // A move by the largest offset allowed stops at the end of the history.
    try await page.send(request(["op": "move", "id": first, "by": 1_000_000]))
    #expect(try await page.receive("snapshot").ids == [snapshot.ids[1], first])
    #expect(store.state == Counter(count: 5, step: 5))
    await server.stop()
  }

  @Test("every payload is escaped: in the page, its cards and its state tree")
  func escapesPayloads() async throws {
    let (store, _, server) = try await servedStore()
    let hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>"
    store.dispatch(Note(text: hostile))
    let (page, snapshot) = try await browser(server)
    let cards = try #require(snapshot.cards)
    #expect(!cards.contains("<script"))
    #expect(!cards.contains("<img"))
    #expect(cards.contains("&lt;/script&gt;&lt;script&gt;alert(1)"))
    try await page.send(request(["op": "state", "id": snapshot.ids[0]]))
    let tree = try #require(try await page.receive("state").tree)
    #expect(!tree.contains("<script") && !tree.contains("<img"))
    #expect(tree.contains("&lt;img src=x onerror=alert(2)&gt;"))

    let html = try await TestSocket.get("/?token=\(server.token)", port: server.port)
    #expect(html.headers["content-security-policy"]?.contains("script-src 'nonce-") == true)
    #expect(html.body.components(separatedBy: "<script").count == 2)
    await server.stop()
  }

  @Test("an unregistered type or malformed JSON is an error in the page and changes nothing")
  func badDispatch() async throws {
    let (store, devTools, server) = try await servedStore()
    store.dispatch(Increment())
    let (page, _) = try await browser(server)
    let attempts: [(type: String, json: String, message: String)] = [
      (
        "Reset", "{}",
        #"cannot dispatch: no action type is registered as "Reset" (registered: "#
          + "Decrement, Increment, Note, SetStep); register it in the ActionRegistry given to "
          + "the inspector"
      ),
      ("SetStep", #"{"step": "#, "cannot dispatch: not valid JSON"),
      ("SetStep", #"{"step": "five"}"#, "cannot dispatch: not a SetStep"),
    ]
    for attempt in attempts {
      try await page.send(
        request(["op": "dispatch", "type": attempt.type, "json": attempt.json]))
      let error = try await page.receive("error")
      #expect(error.message?.hasPrefix(attempt.message) == true, "\(error.message ?? "")")
    }
    #expect(store.state == Counter(count: 1, step: 1))
    #expect(devTools.recording.entries.count == 1)
    await server.stop()
  }

  @Test("a malformed or oversized message closes that connection only")
  func badMessagesCloseOneConnection() async throws {
    let (store, _, server) = try await servedStore(
      options: InspectorOptions(maximumMessageBytes: 1_024, updateInterval: .zero))
    let (good, _) = try await browser(server)
    let (malformed, _) = try await browser(server)
    let (oversized, _) = try await browser(server)
    let (binary, _) = try await browser(server)

    try await malformed.send("jump to 3")
    #expect(try await malformed.receiveClose() == 1002)
    try await oversized.send(
      request(["op": "import", "text": String(repeating: "x", count: 2_000)]))
    #expect(try await oversized.receiveClose() == 1009)
    try await binary.send(opcode: 2, [1, 2, 3])
    #expect(try await binary.receiveClose() == 1003)

    store.dispatch(Increment())
    let message = try await good.receive("append")
    #expect(message.count == 1)
    try await good.send(request(["op": "jump", "id": 0]))
    #expect(try await good.receive("snapshot").current == 0)
    #expect(store.state.count == 0)
    await server.stop()
  }

  @Test("a browser that does not read never blocks dispatch, and catches up with the history")
  func slowBrowser() async throws {
    let reducer = Reducer<Blob>.on(SetText.self) { state, action in state.text = action.text }
    let devTools = DevTools(reducer: reducer, capacity: 1_000)
    let store = Store(initialState: Blob(), reducer: reducer, middleware: [devTools.middleware])
    let server = try await devTools.serve(
      registry: ActionRegistry().registering(SetText.self),
      options: InspectorOptions(updatesPerBrowser: 2, updateInterval: .zero),
      logger: LogRecords().logger)
    let (page, _) = try await browser(server)
    // About 12 MB of cards: more than the socket's buffers hold while nobody reads.
    let text = String(repeating: "y", count: 100_000)
    for index in 0..<40 {
      store.dispatch(SetText(text: "\(index) \(text)"))
      if index.isMultiple(of: 10) { await Task.yield() }
    }
    #expect(devTools.recording.entries.count == 40)
    #expect(store.state.text.hasPrefix("39 "))

    // How many updates the outbox dropped depends on how the broadcasts batched the actions
    // (OutboxTests pins the dropping down); a marker is always followed by a snapshot.
    var message = try await page.receive()
    while message.count != 40 || message.kind == "dropped" {
      let wasMarker = message.kind == "dropped"
      message = try await page.receive()
      if wasMarker { #expect(message.kind == "snapshot") }
    }
    await server.stop()
  }
}

/// A state that is one large text, replaced by each action: every update is large, and
/// rendering one costs the same at any step.
private struct Blob: Sendable, Codable, Equatable { var text = "" }
private struct SetText: Action, Codable { var text: String }
