import ReduxCore
import Testing

@Suite("Reducer.ifLet")
struct ReducerIfLetTests {
  /// A parent that logs each child action it sees, with the child's title at that time.
  static let parent = Reducer<Board>.on(ChildAction<Row>.self) { state, action in
    state.log.append("parent saw \(type(of: action.action)), title \(state.detail?.title ?? "nil")")
  }
  static let ifLetLine: UInt = #line + 1
  static let board = parent.ifLet(\.detail, then: rowReducer)

  @Test("a child action reaches the child while it is present")
  func routesToChild() {
    var state = Board(detail: Row(id: 1))
    Self.board(&state, ChildAction<Row>(Rename(title: "Milk")))
    #expect(state.detail?.title == "Milk")
  }

  @Test("the child runs before the parent, which sees the changed child")
  func childThenParent() {
    var state = Board(detail: Row(id: 1))
    Self.board(&state, ChildAction<Row>(Rename(title: "Milk")))
    #expect(state.log == ["parent saw Rename, title Milk"])
  }

  @Test("the child is changed in place: its storage does not move")
  func changesInPlace() {
    var state = Board(detail: Row(id: 1))
    let cells = storageAddress(state.detail!.cells)
    Self.board(&state, ChildAction<Row>(Bump()))
    #expect(state.detail?.bumps == 1)
    #expect(storageAddress(state.detail!.cells) == cells)
  }

  @Test(
    "a child action while the child is nil changes nothing and warns with the action, the cause and the fix"
  )
  func absentChildWarns() throws {
    var state = Board()
    let reported = warnings { Self.board(&state, ChildAction<Row>(Rename(title: "Milk"))) }
    #expect(state.detail == nil)
    #expect(state.log == ["parent saw Rename, title nil"])
    let warning = try #require(reported.only)
    #expect(
      warning.message.contains(
        #"ifLet at \Board.detail got Rename(title: "Milk") (in ChildAction<Row>) while the child is nil"#
      ))
    #expect(
      warning.message.contains("the child was dismissed while work it started was still running"))
    #expect(warning.message.contains("cancel the child's work when you set it to nil"))
    #expect(warning.fileID == "ReduxCoreTests/Reducer+IfLetTests.swift")
    #expect(warning.line == Self.ifLetLine)
  }

  @Test("dismiss sets the child to nil after the parent, which sees its last state, as in TCA")
  func dismiss() {
    let child = Reducer<Row> { row, action in row.title = "saw \(type(of: action))" }
    // A parent that copies the child's draft back when it is dismissed.
    let keepsDraft = Self.parent.combined(
      with: .on(ChildAction<Row>.self) { state, action in
        if action.action is Dismiss { state.draft = state.detail }
      })
    let board = keepsDraft.ifLet(\.detail, then: child)
    var state = Board(detail: Row(id: 1, title: "Milk"))
    board(&state, ChildAction<Row>.dismiss)
    #expect(state.detail == nil)
    #expect(state.draft?.title == "Milk")
    #expect(state.log == ["parent saw Dismiss, title Milk"])
  }

  @Test("a parent that presents another child on the dismiss keeps it; one that removes it, too")
  func dismissReplacedOrRemoved() {
    let presentsNext = Reducer<Board>.on(ChildAction<Row>.self) { state, _ in
      state.detail = Row(id: 2)
    }.ifLet(\.detail, then: rowReducer)
    var state = Board(detail: Row(id: 1))
    let reported = warnings { presentsNext(&state, ChildAction<Row>.dismiss) }
    #expect(state.detail?.id == 2)

    let removes = Reducer<Board>.on(ChildAction<Row>.self) { state, _ in
      state.detail = nil
    }.ifLet(\.detail, then: rowReducer)
    state = Board(detail: Row(id: 1))
    let alsoReported = warnings { removes(&state, ChildAction<Row>.dismiss) }
    #expect(state.detail == nil)
    #expect(reported.isEmpty && alsoReported.isEmpty)
  }

  @Test("a dismiss while the child is already nil changes nothing and says it is gone")
  func dismissWhenAbsent() throws {
    var state = Board()
    let reported = warnings { Self.board(&state, ChildAction<Row>.dismiss) }
    #expect(state.detail == nil)
    let warning = try #require(reported.only)
    #expect(
      warning.message.hasPrefix(
        #"ifLet at \Board.detail got a dismiss (in ChildAction<Row>) while the child is already gone"#
      ))
  }

  @Test("a custom wrapper addresses its own optional child of the same type")
  func customWrapper() {
    let board = Reducer<Board>.empty
      .ifLet(\.detail, then: rowReducer)
      .ifLet(\.draft, action: DraftAction.self, then: rowReducer)
    var state = Board(detail: Row(id: 1), draft: Row(id: 2))
    board(&state, DraftAction(Rename(title: "Draft")))
    board(&state, ChildAction<Row>(Rename(title: "Detail")))
    board(&state, DraftAction.dismiss)
    #expect(state.detail?.title == "Detail")
    #expect(state.draft == nil)
  }
}
