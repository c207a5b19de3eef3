import ReduxCore
import Testing

@Suite("Reducer.forEach for a stack")
struct ReducerStackForEachTests {
  /// A parent that logs each stack action it sees, with the stack's size at that time.
  static let parent = Reducer<Board>.on(StackAction<Page>.self) { state, action in
    state.log.append("parent saw \(state.path.count) screens")
  }
  static let forEachLine: UInt = #line + 1
  static let board = parent.forEach(\.path, destination: pageReducer)

  /// A board with screens 0, 1 and 2: a row, a note and a row.
  static func threeScreens() -> Board {
    Board(path: [.row(Row(id: 10)), .note(Note(id: 11)), .row(Row(id: 12))])
  }

  @Test("push adds a screen on top with a new id, before the parent runs")
  func push() {
    var state = Board()
    Self.board(&state, StackAction<Page>.push(.note(Note(id: 1))))
    Self.board(&state, StackAction<Page>.push(.empty))
    #expect(Array(state.path) == [.note(Note(id: 1)), .empty])
    #expect(state.path.ids.map(\.rawValue) == [0, 1])
    #expect(state.log == ["parent saw 1 screens", "parent saw 2 screens"])
  }

  @Test("an element action reaches the screen with its id, in place, and no other")
  func routesToScreen() {
    var state = Self.threeScreens()
    let cells = state.path[2].cellsAddress
    Self.board(
      &state, StackAction<Page>.element(id: StackElementID(2), action: ChildAction<Row>(Bump())))
    #expect(state.path[2].row?.bumps == 1)
    #expect(state.path[2].cellsAddress == cells)
    #expect(state.path[0] == .row(Row(id: 10)))
  }

  @Test("popFrom and popTo remove the screens above, and from, the one with the id")
  func pops() {
    var state = Self.threeScreens()
    Self.board(&state, StackAction<Page>.popTo(id: StackElementID(1)))
    #expect(state.path.ids.map(\.rawValue) == [0, 1])
    Self.board(&state, StackAction<Page>.popFrom(id: StackElementID(0)))
    #expect(state.path.isEmpty)
    #expect(state.log == ["parent saw 2 screens", "parent saw 0 screens"])
  }

  @Test(
    "a Dismiss addressed to a screen pops from it; a second one changes nothing and says it is gone"
  )
  func dismiss() throws {
    var state = Self.threeScreens()
    let reported = warnings {
      Self.board(&state, StackAction<Page>.element(id: StackElementID(1), action: Dismiss()))
      Self.board(&state, StackAction<Page>.element(id: StackElementID(1), action: Dismiss()))
    }
    #expect(state.path.ids.map(\.rawValue) == [0])
    let warning = try #require(reported.only)
    #expect(warning.message.contains("but the screen #1 is already gone from the stack"))
  }

  @Test(
    "an action for an id not on the stack changes nothing and warns (a pop: that it is gone)",
    arguments: [
      (
        StackAction<Page>.element(id: StackElementID(7), action: ChildAction<Row>(Bump())),
        [
          "but no screen on the stack has id #7",
          "the screen was popped while work it started was still running",
          "cancel the screen's work when you pop it",
        ]
      ),
      (
        .popFrom(id: StackElementID(7)),
        ["but the screen #7 is already gone from the stack", "an earlier action popped"]
      ),
      (
        .popTo(id: StackElementID(7)),
        ["but the screen #7 is already gone from the stack", "an earlier action popped"]
      ),
    ])
  func missingScreenWarns(action: StackAction<Page>, says fragments: [String]) throws {
    var state = Self.threeScreens()
    let reported = warnings { Self.board(&state, action) }
    #expect(state.path == Self.threeScreens().path)
    #expect(state.log == ["parent saw 3 screens"])
    let warning = try #require(reported.only)
    #expect(warning.message.hasPrefix(#"forEach at \Board.path got StackAction<Page>."#))
    for fragment in fragments { #expect(warning.message.contains(fragment)) }
    #expect(warning.fileID == "ReduxCoreTests/Reducer+StackForEachTests.swift")
    #expect(warning.line == Self.forEachLine)
  }

  @Test("a push may name its id, newer than any given; an older one changes nothing and warns")
  func pushWithID() throws {
    var state = Self.threeScreens()  // ids 0, 1, 2
    let reported = warnings {
      Self.board(&state, StackAction<Page>.push(.empty, id: StackElementID(10)))
      Self.board(&state, StackAction<Page>.push(.empty, id: StackElementID(4)))
      Self.board(&state, StackAction<Page>.push(.empty))
    }
    #expect(state.path.ids.map(\.rawValue) == [0, 1, 2, 10, 11])
    let warning = try #require(reported.only)
    #expect(warning.message.contains("but the stack has already given id #4 or a newer one"))
  }
}
