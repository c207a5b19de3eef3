import Foundation
import ReduxCore
import ReduxDevTools
import Testing

// Values whose JSON does not read as what they are, shown as Swift writes them.

struct Meeting: Codable, Equatable, Sendable {
  var length: Duration
  var start: Date
}

enum Timer: Codable, Equatable, Sendable {
  case running(Duration)
  case paused(left: Duration, at: Date)
}

enum Agenda: Codable, Equatable, Sendable {
  case talk(Meeting)
}

struct Planner: Codable, Equatable, Sendable {
  var id = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
  var link = URL(string: "https://example.com/sync")!
  var budget = Decimal(string: "12.50")!
  var meetings = [Meeting(length: .seconds(300), start: Date(timeIntervalSince1970: 1_700_000_000))]
  var timer = Timer.running(.milliseconds(1500))
  var paused: Timer?
  var agenda = StackState<Agenda>()
  /// A pair of integers that is not a duration: shown as it is.
  var pair = [3, 4]
}

struct Lengthen: Action, Codable {}
struct Pause: Action, Codable {}
struct Schedule: Action, Codable {}

let plannerReducer = Reducer<Planner>
  .on(Lengthen.self) { planner, _ in planner.meetings[0].length += .seconds(60) }
  .on(Pause.self) { planner, _ in
    planner.paused = .paused(left: .seconds(90), at: Date(timeIntervalSince1970: 1_700_000_060))
  }
  .on(Schedule.self) { planner, _ in
    _ = planner.agenda.append(
      .talk(Meeting(length: .seconds(45), start: Date(timeIntervalSince1970: 1_700_000_000))))
  }

let plannerRegistry = ActionRegistry()
  .registering(Lengthen.self).registering(Pause.self).registering(Schedule.self)

@Suite("Pages show durations and dates as Swift writes them")
struct ShownValuesTests {
  func recording() -> Recording<Planner> {
    record([Lengthen(), Pause(), Schedule()], from: Planner(), reducer: plannerReducer)
  }

  @Test("a page made from a recording shows each Duration and Date as its value, at any depth")
  func page() throws {
    let html = try SessionPage(recording: recording(), registry: plannerRegistry).html
    for shown in [
      ".seconds(300)", ".milliseconds(1500)", "2023-11-14T22:13:20Z", ".seconds(90)",
      "2023-11-14T22:14:20Z", ".seconds(45)", "00000000-0000-0000-0000-00000000000A",
      "https://example.com/sync", "12.5",
    ] {
      #expect(html.contains(shown), "\(shown)")
    }
    #expect(!html.contains("4852094820647174144"))
    // The change of a duration reads as one: the before and the after.
    #expect(html.contains(".seconds(300)") && html.contains(".seconds(360)"))
    // A pair of integers that is no duration stays as it is.
    #expect(html.contains(#"<span class="key">[0]</span>: <span class="value">3</span>"#))
  }

  @Test("the same recording as JSON Lines still imports, its durations and dates exact")
  func fileUnchanged() throws {
    let recording = recording()
    let text = try recording.jsonLines(registry: plannerRegistry)
    #expect(!text.contains(".seconds("))
    let imported = try Recording<Planner>(jsonLines: text, registry: plannerRegistry)
    #expect(imported.entries.map(\.state) == recording.entries.map(\.state))
  }

  @Test("a page made from an unregistered action's recording names the step")
  func unregistered() throws {
    #expect(throws: RecordingExportError.unregisteredActionType("Lengthen", step: 1)) {
      try SessionPage(recording: recording(), registry: ActionRegistry())
    }
  }

  @Test("the live inspector shows durations and dates as values in its cards")
  func inspector() async throws {
    let devTools = DevTools(reducer: plannerReducer, now: FakeNow().now)
    let store = Store(
      initialState: Planner(), reducer: plannerReducer, middleware: [devTools.middleware])
    let server = try await devTools.serve(
      registry: plannerRegistry, options: InspectorOptions(updateInterval: .zero),
      logger: LogRecords().logger)
    store.dispatch(Lengthen())
    let (_, snapshot) = try await browser(server)
    let cards = try #require(snapshot.cards)
    #expect(cards.contains(".seconds(300)") && cards.contains(".seconds(360)"))
    #expect(!cards.contains("4852094820647174144"))
    await server.stop()
  }

  @Test("a replay divergence shows a duration that differs as durations")
  func divergence() throws {
    let faster = Reducer<Planner>.on(Lengthen.self) { planner, _ in
      planner.meetings[0].length += .seconds(30)
    }
    let report = recording().replay(reducer: faster)
    let divergence = try #require(report.divergence)
    #expect(divergence.description.contains("recorded .seconds(360), replayed .seconds(330)"))
  }
}
