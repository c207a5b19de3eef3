import Foundation
import ReduxCore
import ReduxDevTools
import Testing

// A tree of features recorded and exported: rows, a presented child, a stack, an alert.

struct Shelf: Codable, Equatable, Sendable {
  var rows: [Row] = [Row(id: 1), Row(id: 2)]
  var detail: Row?
  var path = StackState<Page>()
  var alert: AlertState?
}

struct Row: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var title = ""
}

enum Page: Codable, Equatable, Sendable {
  case row(Row)
}

struct Rename: Action, Codable, Equatable { var title: String }
struct AskClear: Action, Codable {}
struct Clear: Action, Codable, Equatable {}

extension EnumCase where Enum == Page, Value == Row {
  static let row = EnumCase(embed: Page.row) { page in
    if case .row(let row) = page { row } else { nil }
  }
}

let rowReducer = Reducer<Row>.on(Rename.self) { row, action in row.title = action.title }
let shelfReducer = Reducer<Shelf>
  .on(AskClear.self) { shelf, _ in
    shelf.alert = AlertState(
      title: "Clear?", buttons: [.destructive("Clear", action: Clear()), .cancel("Keep")])
  }
  .on(Clear.self) { shelf, _ in shelf.rows = [] }
  .alert(\.alert)
  .forEach(\.rows, element: rowReducer)
  .ifLet(\.detail, then: rowReducer)
  .forEach(\.path, destination: Reducer<Page>.empty.ifCaseLet(.row, then: rowReducer))

let shelfRegistry = ActionRegistry()
  .registering(Rename.self)
  .registering(AskClear.self)
  .registering(Clear.self)
  .registering(ElementAction<Row>.self)
  .registering(ChildAction<Row>.self)
  .registering(ChildAction<AlertState>.self)
  .registering(StackAction<Page>.self)

@Suite("Recordings of a tree of features")
struct CompositionRecordingTests {
  /// A session that uses every composition wrapper, and pops a screen so ids skip a number.
  func session() -> Recording<Shelf> {
    let devTools = DevTools(reducer: shelfReducer, now: FakeNow().now)
    let store = Store(
      initialState: Shelf(), reducer: shelfReducer, middleware: [devTools.middleware])
    store.dispatch(ElementAction<Row>(id: 2, action: Rename(title: "Dune")))
    store.dispatch(StackAction<Page>.push(.row(Row(id: 7))))
    store.dispatch(StackAction<Page>.push(.row(Row(id: 8))))
    store.dispatch(StackAction<Page>.popFrom(id: StackElementID(1)))
    store.dispatch(StackAction<Page>.push(.row(Row(id: 9))))
    store.dispatch(
      StackAction<Page>.element(
        id: StackElementID(2), action: ChildAction<Row>(Rename(title: "Emma"))))
    store.dispatch(AskClear())
    store.dispatch(ChildAction<AlertState>(Clear()))
    store.dispatch(ChildAction<Row>.dismiss)
    return devTools.recording
  }

  @Test("exports and imports rows, child and stack actions and an alert, stack ids kept")
  func roundTrip() throws {
    let recording = session()
    let text = try recording.jsonLines(registry: shelfRegistry)
    let imported = try Recording<Shelf>(jsonLines: text, registry: shelfRegistry)
    #expect(imported.entries.map(\.state) == recording.entries.map(\.state))
    #expect(imported.entries.map(\.actionType) == recording.entries.map(\.actionType))
    // The stack kept its ids across the pop: #0 and #2, and the next push gets #3.
    let path = try #require(imported.entries.last?.state.path)
    #expect(path.ids == [StackElementID(0), StackElementID(2)])
    var pushed = path
    #expect(pushed.append(.row(Row(id: 10))) == StackElementID(3))
    // The actions come back with their children, equal to what was recorded.
    let element = try #require(imported.entries[5].action as? StackAction<Page>)
    #expect(
      element
        == .element(id: StackElementID(2), action: ChildAction<Row>(Rename(title: "Emma"))))
    // Each child action is written under its registered name, inside its wrapper's.
    #expect(
      text.contains(
        #"{"action":{"action":{"title":"Emma"},"type":"Rename"},"type":"ChildAction<Row>"}"#))
    // The alert, with its buttons' actions, is part of a recorded state.
    #expect(imported.entries[6].state.alert == recording.entries[6].state.alert)
    // Replaying the imported session gives the same states.
    #expect(imported.replay(reducer: shelfReducer).divergence == nil)
  }

  @Test("a card is titled by where its action goes, then what it is")
  func cardTitles() throws {
    let html = try SessionPage(jsonLines: session().jsonLines(registry: shelfRegistry)).html
    for title in [
      "Row[2] › Rename", "Page: push", "Page: pop from #1", "Page #2 › Row › Rename",
      "AlertState › Clear", "Row › Dismiss", "AskClear",
    ] {
      #expect(
        html.contains(">\(title.replacingOccurrences(of: ">", with: "&gt;"))</span>"), "\(title)")
    }
  }

  @Test("a child action whose type is not registered stops the import at its line, by name")
  func unregisteredChild() throws {
    let text = try session().jsonLines(registry: shelfRegistry)
    let partial = ActionRegistry()
      .registering(AskClear.self).registering(Clear.self)
      .registering(ElementAction<Row>.self).registering(ChildAction<Row>.self)
      .registering(ChildAction<AlertState>.self).registering(StackAction<Page>.self)
    let error = try #require(throws: RecordingImportError<Shelf>.self) {
      try Recording<Shelf>(jsonLines: text, registry: partial)
    }
    // Line 1 is the header; the first entry, a row's Rename, is line 2.
    #expect(error.line == 2)
    #expect(error.reason == .unknownActionType("Rename"))
    #expect(error.imported?.entries.isEmpty == true)
  }

  @Test("exporting a child action whose type is not registered names the type and the step")
  func unregisteredChildOnExport() throws {
    let partial = ActionRegistry().registering(ElementAction<Row>.self)
    let error = try #require(throws: RecordingExportError.self) {
      try session().jsonLines(registry: partial)
    }
    guard case .encodingFailed(let step, let reason) = error else {
      Issue.record("expected an encoding failure, got \(error)")
      return
    }
    #expect(step == 1)
    #expect(reason.contains("the child action type Rename is not registered"))
  }

  @Test("without a registry, a wrapper says that it needs one")
  func noRegistry() {
    #expect {
      try JSONEncoder().encode(ChildAction<Row>(Rename(title: "x")))
    } throws: { error in
      "\(error)".contains("written with an ActionRegistry")
    }
  }

  @Test("a stack's ids are checked when read: out of order, or a count that differs, is an error")
  func badStackIDs() {
    let decoder = JSONDecoder()
    #expect(throws: DecodingError.self) {
      try decoder.decode(
        StackState<Page>.self,
        from: Data(
          #"{"ids":[2,1],"screens":[{"row":{"_0":{"id":1,"title":""}}},{"row":{"_0":{"id":2,"title":""}}}],"nextID":3}"#
            .utf8))
    }
    #expect(throws: DecodingError.self) {
      try decoder.decode(
        StackState<Page>.self, from: Data(#"{"ids":[0],"screens":[],"nextID":1}"#.utf8))
    }
  }
}
