import Observation
import ReduxCore
import ReduxUI
import Testing

/// A screen presented through `ifLet`, and a destination enum presented through `ifLet` whose
/// cases are run by `ifCaseLet`: a tree of features, as TCA builds them.
struct Screens: Sendable {
  enum Destination: Sendable {
    case counter(Counter)
    case other(Counter)
  }
  var sheet: Counter?
  var destination: Destination?
}

struct OtherCase: ChildActionWrapper {
  let action: any Action
  init(_ action: any Action) { self.action = action }
}

struct ShowSheet: Action {}
struct ShowCounter: Action {}
struct ShowOther: Action {}

extension EnumCase where Enum == Screens.Destination, Value == Counter {
  static let counter = EnumCase(embed: Screens.Destination.counter) {
    if case .counter(let counter) = $0 { counter } else { nil }
  }
  static let other = EnumCase(embed: Screens.Destination.other) {
    if case .other(let counter) = $0 { counter } else { nil }
  }
}

let destinationReducer = Reducer<Screens.Destination>.empty
  .ifCaseLet(.counter, then: counterReducer)
  .ifCaseLet(.other, action: OtherCase.self, then: counterReducer)

let screensReducer = Reducer<Screens>
  .on(ShowSheet.self) { state, _ in state.sheet = Counter() }
  .on(ShowCounter.self) { state, _ in state.destination = .counter(Counter()) }
  .on(ShowOther.self) { state, _ in state.destination = .other(Counter()) }
  .ifLet(\.sheet, then: counterReducer)
  .ifLet(\.destination, then: destinationReducer)

@Suite("ViewStore scoping to a presented child or an enum case, its actions addressed")
@MainActor
struct ViewStoreAddressedScopeTests {
  let store = Store(initialState: Screens(), reducer: screensReducer)
  var model: ViewStore<Screens> { ViewStore(store) }

  @Test("a presented child's actions reach its reducer wrapped in ChildAction; a Dismiss dismisses")
  func presentedChild() throws {
    let model = self.model
    #expect(model.scope(\.sheet, action: ChildAction<Counter>.self) == nil)
    model.dispatch(ShowSheet())
    let sheet = try #require(model.scope(\.sheet, action: ChildAction<Counter>.self))
    #expect(model.scope(\.sheet, action: ChildAction<Counter>.self) === sheet)
    sheet.dispatch(Add(amount: 2))
    #expect(store.state.sheet?.count == 2)
    #expect(sheet.count == 2)
    sheet.dispatch(Dismiss())
    #expect(store.state.sheet == nil)
    #expect(sheet.count == 2)
  }

  @Test("the plain optional scope is another view store, whose actions pass unchanged")
  func plainScopeIsSeparate() throws {
    let model = self.model
    model.dispatch(ShowSheet())
    let addressed = try #require(model.scope(\.sheet, action: ChildAction<Counter>.self))
    let plain = try #require(model.scope(\.sheet))
    #expect(addressed !== plain)
    plain.dispatch(Add(amount: 5))
    #expect(store.state.sheet?.count == 0)
  }

  @Test("a case's actions reach ifCaseLet wrapped twice; a Dismiss goes to the presentation")
  func enumCase() throws {
    let model = self.model
    model.dispatch(ShowCounter())
    let destination = try #require(
      model.scope(\.destination, action: ChildAction<Screens.Destination>.self))
    #expect(destination.scope(case: .other, action: OtherCase.self) == nil)
    let counter = try #require(destination.scope(case: .counter))
    #expect(destination.scope(case: .counter) === counter)
    counter.dispatch(Add(amount: 3))
    #expect(counter.count == 3)
    guard case .counter(let state)? = store.state.destination else {
      Issue.record("the destination left its case")
      return
    }
    #expect(state.count == 3)
    counter.dispatch(Dismiss())
    #expect(store.state.destination == nil)
    #expect(counter.count == 3)
  }

  @Test("scoping to a case tracks whether the state is in it, not the payload")
  func caseTracking() throws {
    let model = self.model
    model.dispatch(ShowCounter())
    let destination = try #require(
      model.scope(\.destination, action: ChildAction<Screens.Destination>.self))
    let counter = try #require(destination.scope(case: .counter))
    let presence = tracking { _ = destination.scope(case: .counter) }
    counter.dispatch(Increment())
    #expect(presence.values.isEmpty)
    model.dispatch(ShowOther())
    #expect(presence.values.count == 1)
    #expect(destination.scope(case: .counter) == nil)
    let other = try #require(destination.scope(case: .other, action: OtherCase.self))
    other.dispatch(Add(amount: 4))
    #expect(other.count == 4)
    #expect(counter.count == 1)
  }
}
