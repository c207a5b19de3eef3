import Foundation
import ReduxCore
import ReduxDevTools
import Testing

// Bindings recorded like any action: exported by field name, imported, replayed, typed in.

struct Person: Codable, Equatable, Sendable {
  struct Address: Codable, Equatable, Sendable { var city = "" }
  var name = ""
  var age = 0
  var address = Address()
  var notes = ""
}

let personReducer = Reducer<Person>.empty.binding()

let personRegistry = ActionRegistry()
  .registering(bindingsOf: Person.self, \.name, \.age, \.address.city)

@Suite("Bindings in recordings")
struct BindingRecordingTests {
  func session() -> Recording<Person> {
    record(
      [
        BindingAction.set(\Person.name, "Ada"), BindingAction.set(\Person.age, 36),
        BindingAction.set(\Person.address.city, "London"),
      ], from: Person(), reducer: personReducer)
  }

  @Test("a binding is written by field name and read back equal, and the session replays")
  func roundTrip() throws {
    let recording = session()
    let text = try recording.jsonLines(registry: personRegistry)
    #expect(text.contains(#""action":{"field":"name","value":"Ada"}"#))
    #expect(text.contains(#""action":{"field":"address.city","value":"London"}"#))
    let imported = try Recording<Person>(jsonLines: text, registry: personRegistry)
    #expect(imported.entries.map(\.state) == recording.entries.map(\.state))
    #expect(
      imported.entries.map { $0.action as? BindingAction<Person> } == [
        .set(\Person.name, "Ada"), .set(\Person.age, 36),
        .set(\Person.address.city, "London"),
      ])
    #expect(imported.replay(reducer: personReducer).divergence == nil)
  }

  @Test("a binding's card is titled as the binding prints: its field and its value")
  func cardTitle() throws {
    let html = try SessionPage(jsonLines: session().jsonLines(registry: personRegistry)).html
    #expect(html.contains(#">binding(\.name, &quot;Ada&quot;)</span>"#))
    #expect(html.contains(#">binding(\.age, 36)</span>"#))
    #expect(html.contains(#">binding(\.address.city, &quot;London&quot;)</span>"#))
  }

  @Test("a binding can be typed in as JSON, as the live inspector's page sends it")
  func typedIn() throws {
    let action = try personRegistry.action(
      named: "BindingAction<Person>", json: #"{"field": "age", "value": 40}"#)
    #expect(action as? BindingAction<Person> == .set(\Person.age, 40))
  }

  @Test("exporting a binding to a field not registered stops at its step, naming the field")
  func unregisteredField() throws {
    let recording = record(
      [BindingAction.set(\Person.name, "Ada"), BindingAction.set(\Person.notes, "likes tea")],
      from: Person(), reducer: personReducer)
    #expect {
      try recording.jsonLines(registry: personRegistry)
    } throws: { error in
      guard case .encodingFailed(let step, let reason) = error as? RecordingExportError else {
        return false
      }
      return step == 2 && reason.contains(#"\Person.notes"#)
        && reason.contains("registering(bindingsOf:)")
    }
  }

  @Test("importing a field name the registry does not know stops at its line, keeping the rest")
  func unknownFieldName() throws {
    let text = try session().jsonLines(registry: personRegistry)
      .replacingOccurrences(of: #""field":"age""#, with: #""field":"years""#)
    #expect {
      try Recording<Person>(jsonLines: text, registry: personRegistry)
    } throws: { error in
      guard let error = error as? RecordingImportError<Person>,
        case .malformedLine(let reason) = error.reason
      else { return false }
      return error.line == 3 && error.imported?.entries.count == 1
        && reason.contains(#"no field "years""#) && reason.contains("address.city")
    }
  }
}
