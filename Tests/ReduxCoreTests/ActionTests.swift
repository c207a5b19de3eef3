import ReduxCore
import Testing

class Animal: Action, @unchecked Sendable {}
final class Dog: Animal, @unchecked Sendable {}

@Suite("Action")
struct ActionTests {
  @Test("as(_:) returns a struct action of the asked type and nil for another type")
  func structMatch() {
    let action: any Action = Add(amount: 3)
    #expect(action.as(Add.self)?.amount == 3)
    #expect(action.as(Increment.self) == nil)
  }

  @Test("as(_:) matches enum actions with their payload")
  func enumMatch() {
    let action: any Action = CounterAction.add(4)
    #expect(action.as(CounterAction.self) == .add(4))
    #expect(action.as(Add.self) == nil)
  }

  @Test("as(_:) matches a subclass instance as its superclass, like as?")
  func classMatch() {
    let action: any Action = Dog()
    #expect(action.as(Animal.self) != nil)
    #expect(action.as(Dog.self) != nil)
    #expect((Animal() as any Action).as(Dog.self) == nil)
  }
}
