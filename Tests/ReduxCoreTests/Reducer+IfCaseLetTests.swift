import ReduxCore
import Testing

@Suite("Reducer.ifCaseLet")
struct ReducerIfCaseLetTests {
  /// Logs the child action it sees and the row's title at that time, in the note's text.
  static let parent = Reducer<Page>.on(ChildAction<Row>.self) { page, action in
    if case .row(let row) = page { page = .row(Row(id: row.id, title: "parent saw " + row.title)) }
  }
  static let ifCaseLetLine: UInt = #line + 1
  static let page = parent.ifCaseLet(.row, then: rowReducer)

  @Test("a case action reaches the payload while the state is in that case")
  func routesToCase() {
    var state = Page.row(Row(id: 1))
    pageReducer(&state, ChildAction<Row>(Rename(title: "Milk")))
    #expect(state == .row(Row(id: 1, title: "Milk")))
  }

  @Test("the case reducer runs before the parent, which sees the changed payload")
  func childThenParent() {
    var state = Page.row(Row(id: 1))
    Self.page(&state, ChildAction<Row>(Rename(title: "Milk")))
    #expect(state == .row(Row(id: 1, title: "parent saw Milk")))
  }

  @Test("the payload is changed in place: its storage does not move")
  func changesInPlace() {
    var state = Page.row(Row(id: 1))
    let cells = state.cellsAddress
    pageReducer(&state, ChildAction<Row>(Bump()))
    #expect(state.row?.bumps == 1)
    #expect(state.cellsAddress == cells)
  }

  @Test(
    "a case action while the state is in another case changes nothing and warns with the action, the case, the cause and the fix"
  )
  func otherCaseWarns() throws {
    var state = Page.note(Note(id: 1))
    let reported = warnings { Self.page(&state, ChildAction<Row>(Rename(title: "Milk"))) }
    #expect(state == .note(Note(id: 1)))
    let warning = try #require(reported.only)
    #expect(
      warning.message.contains(
        #"ifCaseLet on Page got Rename(title: "Milk") (in ChildAction<Row>) while the state is in case note"#
      ))
    #expect(warning.message.contains("the state left the case while work started in it"))
    #expect(warning.message.contains("cancel that work when the case changes"))
    #expect(warning.fileID == "ReduxCoreTests/Reducer+IfCaseLetTests.swift")
    #expect(warning.line == Self.ifCaseLetLine)
  }

  @Test("a case without a payload is named in the warning")
  func payloadlessCaseWarns() throws {
    var state = Page.empty
    let reported = warnings { pageReducer(&state, ChildAction<Note>(Edit(text: "x"))) }
    #expect(try #require(reported.only).message.contains("while the state is in case empty"))
  }

  @Test("a custom wrapper addresses one of two cases with payloads of the same type")
  func customWrapper() {
    enum Slot: Equatable, Sendable {
      case saved(Row)
      case draft(Row)
    }
    let saved = EnumCase<Slot, Row>(embed: Slot.saved) {
      if case .saved(let row) = $0 { row } else { nil }
    }
    let draft = EnumCase<Slot, Row>(embed: Slot.draft) {
      if case .draft(let row) = $0 { row } else { nil }
    }
    let slot = Reducer<Slot>.empty
      .ifCaseLet(saved, then: rowReducer)
      .ifCaseLet(draft, action: DraftAction.self, then: rowReducer)
    var state = Slot.draft(Row(id: 1))
    let reported = warnings {
      slot(&state, DraftAction(Rename(title: "Draft")))
      slot(&state, ChildAction<Row>(Rename(title: "Saved")))
    }
    #expect(state == .draft(Row(id: 1, title: "Draft")))
    #expect(reported.count == 1)
  }
}
