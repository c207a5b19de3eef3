import Foundation
import Observation
import ReduxCore
import ReduxDevTools
import ReduxUI
import Testing

@Suite("Live inspector", .timeLimit(.minutes(1)))
struct InspectorTests {
  @Test("serves on 127.0.0.1 with a random token in the URL, which it logs")
  func servesAndLogs() async throws {
    let (_, devTools) = makeStore()
    let logs = LogRecords()
    let server = try await devTools.serve(registry: counterRegistry, logger: logs.logger)
    defer { Task { await server.stop() } }
    #expect(server.url.host == "127.0.0.1")
    #expect(server.url.port == Int(server.port))
    #expect(server.url.query == "token=\(server.token)")
    #expect(server.token.count == 32 && server.token.allSatisfy(\.isHexDigit))
    #expect(logs.all.contains("notice: DevTools inspector: \(server.url.absoluteString)"))

    let (_, other) = makeStore()
    let second = try await other.serve(registry: counterRegistry, logger: logs.logger)
    #expect(second.token != server.token)
    await second.stop()
  }

  @Test("a page sees the history, then each action as it is dispatched")
  func feedsActions() async throws {
    let (store, _, server) = try await servedStore()
    store.dispatch(Increment())
    let (page, snapshot) = try await browser(server)
    #expect(snapshot.count == 1)
    #expect(snapshot.cards?.contains(#"data-type="Increment""#) == true)

    store.dispatch(SetStep(step: 5))
    var message = try await page.receive()
    while message.kind != "append" || message.count != 2 { message = try await page.receive() }
    #expect(message.cards?.contains(#"data-type="SetStep""#) == true)
    #expect(message.cards?.contains(#"<th scope="row">step</th><td class="before">1</td>"#) == true)
    #expect(message.current == 2)
    await server.stop()
  }

  @Test("a jump from the page moves the store, and its subscribers see it")
  func jumpFromPage() async throws {
    let (store, _, server) = try await servedStore()
    store.dispatch(Increment())
    store.dispatch(Increment())
    store.dispatch(Increment())
    let seen = Collected<Int>()
    let subscription = store.subscribe(select: \.count) { seen.append($0) }
    let (page, snapshot) = try await browser(server)

    try await page.send(request(["op": "jump", "id": snapshot.ids[0]]))
    let moved = try await page.receive("snapshot")
    #expect(moved.current == 1)
    #expect(store.state.count == 1)
    try await page.send(request(["op": "jump", "id": 0]))
    #expect(try await page.receive("snapshot").current == 0)
    try await page.send(request(["op": "latest"]))
    #expect(try await page.receive("snapshot").current == 3)
    #expect(seen.all == [3, 1, 0, 3])
    subscription.cancel()
    await server.stop()
  }

  @Test("a jump from the page reaches a view store on the main actor")
  @MainActor
  func jumpReachesViewStore() async throws {
    let (store, _, server) = try await servedStore()
    store.dispatch(Increment())
    store.dispatch(Increment())
    let model = ViewStore(store)
    #expect(model.state.count == 2)
    let (page, snapshot) = try await browser(server)

    let changed = nextChange { _ = model.state }
    try await page.send(request(["op": "jump", "id": snapshot.ids[0]]))
    await changed.value
    #expect(model.state.count == 1)
    await server.stop()
  }

  @Test("skip, include, ranges, moves and sweeps from the page recompute the history")
  func travelFromPage() async throws {
    let (store, devTools, server) = try await servedStore()
    store.dispatch(Increment())
    store.dispatch(SetStep(step: 10))
    store.dispatch(Increment())
    let (page, snapshot) = try await browser(server)
    let ids = snapshot.ids

    try await page.send(request(["op": "skip", "id": ids[1]]))
    #expect(try await page.receive("snapshot").cards?.contains("card entry skipped") == true)
    #expect(store.state.count == 2)
    try await page.send(request(["op": "include", "id": ids[1]]))
    _ = try await page.receive("snapshot")
    #expect(store.state.count == 11)
    try await page.send(request(["op": "skipRange", "from": ids[0], "to": ids[1]]))
    _ = try await page.receive("snapshot")
    #expect(devTools.recording.entries.map(\.isSkipped) == [true, true, false])
    try await page.send(request(["op": "sweep"]))
    #expect(try await page.receive("snapshot").ids == [ids[2]])
    #expect(store.state.count == 1)
    await server.stop()
  }

  @Test("a registered action dispatched from the page is reduced in the app")
  func dispatchFromPage() async throws {
    let (store, _, server) = try await servedStore()
    let (page, _) = try await browser(server)
    try await page.send(request(["op": "dispatch", "type": "SetStep", "json": #"{"step": 4}"#]))
    let appended = try await page.receive("append")
    #expect(appended.cards?.contains(#"data-type="SetStep""#) == true)
    #expect(store.state.step == 4)
    await server.stop()
  }

  @Test("commit, reset, pause, lock and capacity from the page")
  func controlsFromPage() async throws {
    let (store, devTools, server) = try await servedStore()
    store.dispatch(Increment())
    let (page, _) = try await browser(server)

    try await page.send(request(["op": "record", "on": false]))
    #expect(try await page.receive("status").status?.recording == false)
    #expect(!devTools.isRecording)
    try await page.send(request(["op": "record", "on": true]))
    try await page.send(request(["op": "lock", "on": true]))
    try await page.send(request(["op": "dispatch", "type": "Increment", "json": "{}"]))
    #expect(
      try await page.receive("error").message == "changes are locked: unlock them to dispatch")
    try await page.send(request(["op": "lock", "on": false]))
    try await page.send(request(["op": "capacity", "value": "7"]))
    #expect(try await page.receive("snapshot").status?.capacity == 7)
    #expect(devTools.capacity == 7)
    try await page.send(request(["op": "commit"]))
    #expect(try await page.receive("snapshot").status?.event == "committed the shown state")
    #expect(devTools.recording.initialState.count == 1)
    try await page.send(request(["op": "reset"]))
    _ = try await page.receive("snapshot")
    #expect(store.state == Counter())
    await server.stop()
  }

  @Test("the page exports JSON Lines and imports a recording or bare actions")
  func exportAndImport() async throws {
    let (store, devTools, server) = try await servedStore()
    store.dispatch(Increment())
    store.dispatch(Increment())
    let (page, _) = try await browser(server)
    try await page.send(request(["op": "export"]))
    let exported = try #require(try await page.receive("export").text)
    #expect(exported == (try devTools.recording.jsonLines(registry: counterRegistry)))

    try await page.send(request(["op": "reset"]))
    _ = try await page.receive("snapshot")
    try await page.send(request(["op": "import", "text": exported]))
    #expect(try await page.receive("snapshot").count == 2)
    #expect(store.state.count == 2)

    let actions = #"{"type":"SetStep","action":{"step":3}}"# + "\n" + #"{"type":"Increment"}"#
    try await page.send(request(["op": "importActions", "text": actions]))
    #expect(try await page.receive("snapshot").count == 2)
    #expect(store.state == Counter(count: 3, step: 3))

    try await page.send(request(["op": "import", "text": "not a recording"]))
    #expect(try await page.receive("error").message?.hasPrefix("cannot import: line 1") == true)
    #expect(store.state == Counter(count: 3, step: 3))
    await server.stop()
  }

  @Test("the page asks for the state at a step and gets it as a tree")
  func stateTree() async throws {
    let (store, _, server) = try await servedStore()
    store.dispatch(SetStep(step: 9))
    let (page, snapshot) = try await browser(server)
    try await page.send(request(["op": "state", "id": snapshot.ids[0]]))
    let state = try await page.receive("state")
    #expect(state.id == snapshot.ids[0])
    #expect(
      state.tree?.contains(#"<span class="key">step</span>: <span class="value">9</span>"#) == true)
    await server.stop()
  }

  @Test("one inspector per DevTools; after stop it may serve again")
  func serveOnce() async throws {
    let (_, devTools, server) = try await servedStore()
    await #expect(throws: InspectorStartError.alreadyServing) {
      try await devTools.serve(registry: counterRegistry, logger: LogRecords().logger)
    }
    await server.stop()
    let again = try await devTools.serve(registry: counterRegistry, logger: LogRecords().logger)
    await again.stop()
  }
}

/// Finishes once something `read` reads changes.
@MainActor
private func nextChange(_ read: @MainActor () -> Void) -> Task<Void, Never> {
  let (changes, continuation) = AsyncStream<Void>.makeStream()
  withObservationTracking(read) { continuation.finish() }
  return Task { for await _ in changes {} }
}
