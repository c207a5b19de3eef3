import IdentifiedCollections
import ReduxCore
import Testing

@Suite("Reducer.forEach")
struct ReducerForEachTests {
  /// A parent that logs each element action it sees, with the row's title at that time.
  static let parent = Reducer<Board>.on(ElementAction<Row>.self) { state, action in
    let title = state.rows.element(id: action.id)?.title ?? "missing"
    state.log.append("parent saw row \(action.id) titled \(title)")
  }
  static let forEachLine: UInt = #line + 1
  static let board = parent.forEach(\.rows, element: rowReducer)

  @Test("an element action reaches the element with its id, and no other")
  func routesByID() {
    var state = Board(rows: [Row(id: 1), Row(id: 2), Row(id: 3)])
    Self.board(&state, ElementAction<Row>(id: 2, action: Rename(title: "Milk")))
    #expect(state.rows.map(\.title) == ["", "Milk", ""])
  }

  @Test("the element reducer runs before the parent's, which sees the changed element")
  func childThenParent() {
    var state = Board(rows: [Row(id: 1)])
    Self.board(&state, ElementAction<Row>(id: 1, action: Rename(title: "Milk")))
    #expect(state.log == ["parent saw row 1 titled Milk"])
  }

  @Test("other actions reach only the parent")
  func otherActionsSkipElements() {
    let board = Reducer<Board>.on(Rename.self) { state, action in state.log.append(action.title) }
      .forEach(\.rows, element: rowReducer)
    var state = Board(rows: [Row(id: 1)])
    board(&state, Rename(title: "Milk"))
    #expect(state.rows[0].title == "")
    #expect(state.log == ["Milk"])
  }

  @Test("the element is changed in place: neither the array nor the element's own storage moves")
  func changesInPlace() {
    var state = Board(rows: (0..<100).map { Row(id: $0) })
    let rows = storageAddress(state.rows)
    let cells = storageAddress(state.rows[42].cells)
    Self.board(&state, ElementAction<Row>(id: 42, action: Bump()))
    #expect(state.rows[42].bumps == 1)
    #expect(storageAddress(state.rows) == rows)
    #expect(storageAddress(state.rows[42].cells) == cells)
  }

  @Test("an IdentifiedArray's element is found by id and changed in place")
  func identifiedArrayInPlace() {
    let board = Reducer<Board>.empty.forEach(\.identified, element: rowReducer)
    var state = Board(identified: IdentifiedArray(uniqueElements: (0..<100).map { Row(id: $0) }))
    let cells = storageAddress(state.identified[id: 42]!.cells)
    board(&state, ElementAction<Row>(id: 42, action: Bump()))
    #expect(state.identified[id: 42]?.bumps == 1)
    #expect(storageAddress(state.identified[id: 42]!.cells) == cells)
    #expect(state.identified.filter { $0.bumps > 0 }.map(\.id) == [42])
  }

  @Test(
    "an action for an id no element has changes nothing and warns with the action, the id, the cause and the fix"
  )
  func missingElementWarns() throws {
    var state = Board(rows: [Row(id: 1)])
    let before = state
    let reported = warnings {
      Self.board(&state, ElementAction<Row>(id: 9, action: Rename(title: "Milk")))
    }
    #expect(state.rows == before.rows)
    #expect(state.log == ["parent saw row 9 titled missing"])
    let warning = try #require(reported.only)
    #expect(warning.message.contains(#"forEach at \Board.rows got Rename(title: "Milk")"#))
    #expect(
      warning.message.contains("(in ElementAction<Row>) for id 9, but no element has that id"))
    #expect(warning.message.contains("removed while work it started was still running"))
    #expect(warning.message.contains("cancel the element's work when you remove it"))
    #expect(warning.action is ElementAction<Row>)
    #expect(warning.fileID == "ReduxCoreTests/Reducer+ForEachTests.swift")
    #expect(warning.line == Self.forEachLine)
  }

  @Test("a custom wrapper addresses its own collection of the same element type")
  func customWrapper() {
    let board = Reducer<Board>.empty
      .forEach(\.rows, element: rowReducer)
      .forEach(\.archived, action: ArchivedRowAction.self, element: rowReducer)
    var state = Board(rows: [Row(id: 1)], archived: [Row(id: 1)])
    board(&state, ArchivedRowAction(id: 1, action: Rename(title: "Old")))
    board(&state, ElementAction<Row>(id: 1, action: Rename(title: "New")))
    #expect(state.archived.map(\.title) == ["Old"])
    #expect(state.rows.map(\.title) == ["New"])
  }

  @Test("an element action for another element type with the same id type is not routed")
  func addressIsTheElementType() {
    let board = Reducer<Board>.empty
      .forEach(\.rows, element: rowReducer)
      .forEach(\.notes, element: noteReducer)
    var state = Board(rows: [Row(id: 1)], notes: [Note(id: 1)])
    let reported = warnings {
      board(&state, ElementAction<Note>(id: 1, action: Rename(title: "x")))
    }
    #expect(state.rows == [Row(id: 1)])
    #expect(reported.isEmpty)
  }

  @Test("nested forEach: an element action inside an element action reaches the inner element")
  func nested() {
    struct Group: Identifiable, Sendable {
      let id: Int
      var rows: [Row]
    }
    struct Groups: Sendable { var groups: [Group] }
    let group = Reducer<Group>.empty.forEach(\.rows, element: rowReducer)
    let groups = Reducer<Groups>.empty.forEach(\.groups, element: group)
    var state = Groups(groups: [Group(id: 1, rows: [Row(id: 1)]), Group(id: 2, rows: [Row(id: 1)])])
    groups(
      &state,
      ElementAction<Group>(id: 2, action: ElementAction<Row>(id: 1, action: Rename(title: "x"))))
    #expect(state.groups.map { $0.rows[0].title } == ["", "x"])
  }
}

extension Array {
  /// The only element, or nil when there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
