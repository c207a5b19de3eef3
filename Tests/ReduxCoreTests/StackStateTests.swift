import ReduxCore
import Testing

@Suite("StackState")
struct StackStateTests {
  @Test("a push gives the next id, and ids are never given twice, even after pops")
  func idsAreNeverReused() {
    var stack = StackState<Page>()
    let first = stack.append(.empty)
    let second = stack.append(.empty)
    stack.popLast()
    let third = stack.append(.empty)
    stack.removeAll()
    let fourth = stack.append(.empty)
    #expect([first, second, third, fourth].map(\.rawValue) == [0, 1, 2, 3])
    #expect(stack.ids == [StackElementID(3)])
  }

  @Test("a stack built from screens numbers them from the bottom, and pushes continue after")
  func initialScreens() {
    var stack: StackState<Page> = [.empty, .note(Note(id: 1))]
    let pushed = stack.append(.empty)
    #expect(stack.ids.map(\.rawValue) == [0, 1, 2])
    #expect(pushed == StackElementID(2))
    #expect(Array(stack) == [.empty, .note(Note(id: 1)), .empty])
  }

  @Test("pop(from:) removes the screen and every screen above it")
  func popFrom() {
    var stack = StackState<Page>((0..<5).map { .note(Note(id: $0)) })
    let popped = stack.pop(from: StackElementID(2))
    let poppedAgain = stack.pop(from: StackElementID(2))
    #expect(popped)
    #expect(!poppedAgain)
    #expect(stack.ids.map(\.rawValue) == [0, 1])
    #expect(stack.count == 2)
  }

  @Test("pop(to:) removes every screen above the one with the id, which stays")
  func popTo() {
    var stack = StackState<Page>((0..<5).map { .note(Note(id: $0)) })
    let popped = stack.pop(to: StackElementID(2))
    let missing = stack.pop(to: StackElementID(7))
    #expect(popped)
    #expect(!missing)
    #expect(stack.ids.map(\.rawValue) == [0, 1, 2])
    #expect(stack.last == .note(Note(id: 2)))
    #expect(stack.count == 3)
  }

  @Test("popLast returns the top screen, and nil on an empty stack")
  func popLast() {
    var stack: StackState<Page> = [.empty, .note(Note(id: 1))]
    let popped = [stack.popLast(), stack.popLast(), stack.popLast()]
    #expect(popped == [.note(Note(id: 1)), .empty, nil])
  }

  @Test("a screen is found by id among many, after pops in the middle of the id range")
  func findsByID() {
    var stack = StackState<Page>()
    for id in 0..<100 { stack.append(.note(Note(id: id))) }
    stack.pop(from: StackElementID(60))
    for id in 60..<70 { stack.append(.note(Note(id: id + 100))) }
    #expect(stack.index(id: StackElementID(0)) == 0)
    #expect(stack.index(id: StackElementID(59)) == 59)
    #expect(stack.index(id: StackElementID(60)) == nil)
    #expect(stack.index(id: StackElementID(100)) == 60)
    #expect(stack.element(id: StackElementID(109)) == .note(Note(id: 169)))
    #expect(stack.element(id: StackElementID(110)) == nil)
  }

  @Test(
    "updateElement changes the screen in place; the subscript by id reads, replaces and removes")
  func changeByID() {
    var stack: StackState<Page> = [.row(Row(id: 1)), .empty]
    let cells = stack[0].cellsAddress
    stack.updateElement(id: StackElementID(0)) { page in
      EnumCase<Page, Row>.row.modify(&page) { $0.cells[0] = 1 }
    }
    #expect(stack[0].row?.cells[0] == 1)
    #expect(stack[0].cellsAddress == cells)
    let missing = stack.updateElement(id: StackElementID(5)) { _ in true }
    #expect(missing == nil)

    stack[id: StackElementID(1)] = .note(Note(id: 3))
    #expect(stack[id: StackElementID(1)] == .note(Note(id: 3)))
    stack[id: StackElementID(0)] = nil
    #expect(stack.ids == [StackElementID(1)])
    stack[id: StackElementID(9)] = nil
    #expect(stack.count == 1)
  }

  @Test("stacks are equal when they hold equal screens with the same ids")
  func equality() {
    var pushed = StackState<Page>()
    pushed.append(.empty)
    pushed.append(.empty)
    pushed.pop(from: StackElementID(0))
    pushed.append(.empty)
    let built: StackState<Page> = [.empty]
    #expect(pushed != built)
    #expect(built == [.empty])
  }

  @Test("setting a screen for an id not on the stack changes nothing and warns, never traps")
  func setUnknownID() throws {
    var stack: StackState<Page> = [.empty]
    let reported = warnings { stack[id: StackElementID(9)] = .note(Note(id: 1)) }
    #expect(stack == [.empty])
    let warning = try #require(reported.only)
    #expect(
      warning.message.hasPrefix(
        "StackState[id: #9] was set, but no screen has that id (it was popped, or never pushed)"))
  }
}
