import ReduxCore
import Testing

struct Tap: Action, Equatable { var button: Int }
struct Untyped: Action {}

@Suite("Wrapped child actions: read in one expression, compared by value")
struct WrappedActionTests {
  let nested: any Action = StackAction<Page>.element(
    id: StackElementID(3),
    action: ChildAction<Row>(
      ElementAction<Note>(id: 7, action: ChildAction<AlertState>(Tap(button: 2)))))

  @Test("unwrapped(as:) finds the action through every kind of wrapper")
  func unwrapped() {
    #expect(nested.unwrapped(as: Tap.self) == Tap(button: 2))
    #expect(nested.unwrapped(as: Bump.self) == nil)
    #expect(Tap(button: 1).unwrapped(as: Tap.self) == Tap(button: 1))
    #expect(StackAction<Page>.popFrom(id: StackElementID(0)).unwrapped(as: Tap.self) == nil)
  }

  @Test("unwrapped(as:at:) finds the action only for the element with that id, at any depth")
  func unwrappedAtElement() {
    #expect(nested.unwrapped(as: Tap.self, at: StackElementID(3)) == Tap(button: 2))
    #expect(nested.unwrapped(as: Tap.self, at: 7) == Tap(button: 2))
    #expect(nested.unwrapped(as: Tap.self, at: StackElementID(4)) == nil)
    #expect(nested.unwrapped(as: Tap.self, at: 8) == nil)
    #expect(nested.unwrapped(as: Bump.self, at: StackElementID(3)) == nil)
    #expect(Tap(button: 1).unwrapped(as: Tap.self, at: 1) == nil)
    #expect(
      ElementAction<Note>(id: 7, action: Tap(button: 5)).unwrapped(as: Tap.self, at: 7)
        == Tap(button: 5))
  }

  @Test("a stack action names the screen and the action it carries for it")
  func stackElement() throws {
    let stackAction = try #require(nested.as(StackAction<Page>.self))
    let (id, tap) = try #require(stackAction.element(Tap.self))
    #expect(id == StackElementID(3))
    #expect(tap == Tap(button: 2))
    #expect(StackAction<Page>.push(.empty).element(Tap.self) == nil)
  }

  @Test("wrappers compare by the actions they carry: by value when Equatable, else by type")
  func equality() {
    #expect(ChildAction<Row>(Tap(button: 1)) == ChildAction<Row>(Tap(button: 1)))
    #expect(ChildAction<Row>(Tap(button: 1)) != ChildAction<Row>(Tap(button: 2)))
    #expect(ChildAction<Row>(Tap(button: 1)) != ChildAction<Row>(Bump()))
    #expect(ChildAction<Row>(Untyped()) == ChildAction<Row>(Untyped()))
    #expect(
      ElementAction<Note>(id: 1, action: Tap(button: 1))
        != ElementAction<Note>(id: 2, action: Tap(button: 1)))
    #expect(
      StackAction<Page>.element(id: StackElementID(1), action: ChildAction<Row>(Tap(button: 1)))
        == .element(id: StackElementID(1), action: ChildAction<Row>(Tap(button: 1))))
    #expect(StackAction<Page>.push(.empty, id: nil) != .push(.empty, id: StackElementID(4)))
    #expect(StackAction<Page>.popFrom(id: StackElementID(1)) != .popTo(id: StackElementID(1)))
  }
}
