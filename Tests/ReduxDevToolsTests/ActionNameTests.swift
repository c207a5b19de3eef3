import Foundation
import ReduxCore
import ReduxDevTools
import Testing

/// Two features whose actions are both called `Action`, as in a TCA-style app.
enum Profile {
  struct Action: ReduxCore.Action, Codable { var name: String }
}
enum Preferences {
  struct Action: ReduxCore.Action, Codable { var isOn: Bool }
}

struct Screen: Sendable {}

@Suite("Action type names")
struct ActionNameTests {
  @Test("nested action types are named with their owner, so two features' Action coexist")
  func ownerQualifiedNames() throws {
    let registry = ActionRegistry().registering(Profile.Action.self)
      .registering(Preferences.Action.self)
    #expect(registry.names == ["Preferences.Action", "Profile.Action"])

    let recording = Recording(
      initialState: Counter(),
      entries: [
        RecordedAction(
          action: Profile.Action(name: "Ada"), state: Counter(),
          timestamp: Date(timeIntervalSince1970: 1)),
        RecordedAction(
          action: Preferences.Action(isOn: true), state: Counter(),
          timestamp: Date(timeIntervalSince1970: 2)),
      ])
    #expect(recording.entries.map(\.actionType) == ["Profile.Action", "Preferences.Action"])
    let text = try recording.jsonLines(registry: registry)
    #expect(text.contains(#""type":"Profile.Action""#))
    let imported = try Recording<Counter>(jsonLines: text, registry: registry)
    #expect((imported.entries[0].action as? Profile.Action)?.name == "Ada")
    #expect((imported.entries[1].action as? Preferences.Action)?.isOn == true)
  }

  @Test("a generic action's name has its arguments without modules")
  func genericNames() {
    let entry = RecordedAction(
      action: StackAction<Screen>.popFrom(id: StackElementID(0)), state: Counter(),
      timestamp: Date())
    #expect(entry.actionType == "StackAction<Screen>")
  }

  @Test("a recording that names a nested type bare, as earlier releases did, still imports")
  func bareNamesOfEarlierReleases() throws {
    let text = """
      {"format":"swift-redux-recording","initialState":{"count":0,"log":[],"step":1},"version":1}
      {"action":{"name":"Ada"},"state":{"count":0,"log":[],"step":1},"timestamp":1,"type":"Action"}
      """
    let alone = ActionRegistry().registering(Profile.Action.self)
    let imported = try Recording<Counter>(jsonLines: text, registry: alone)
    #expect((imported.entries.first?.action as? Profile.Action)?.name == "Ada")

    // With two types that were both called Action, the bare name is ambiguous: not guessed.
    let both = alone.registering(Preferences.Action.self)
    let error = try #require(
      throws: RecordingImportError<Counter>.self,
      performing: { try Recording<Counter>(jsonLines: text, registry: both) })
    #expect(error.line == 2)
    #expect(error.reason == .unknownActionType("Action"))
  }
}
