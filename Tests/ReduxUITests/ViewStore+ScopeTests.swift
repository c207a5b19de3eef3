import Observation
import ReduxCore
import ReduxUI
import Testing

/// An app state with a child always present and one that comes and goes.
struct App: Sendable {
  var counter = Counter()
  var title = "App"
  var detail: Counter?
}

struct ShowDetail: Action {}
struct HideDetail: Action {}
struct SetTitle: Action { var title: String }

let appReducer = Reducer<App>.combine(
  counterReducer.lift(\.counter),
  Reducer<App>
    .on(ShowDetail.self) { state, _ in state.detail = Counter() }
    .on(HideDetail.self) { state, _ in state.detail = nil }
    .on(SetTitle.self) { state, action in state.title = action.title }
    .on(Add.self) { state, action in state.detail?.count += action.amount }
)

@Suite("ViewStore scoping")
@MainActor
struct ViewStoreScopeTests {
  let model = ViewStore(Store(initialState: App(), reducer: appReducer))

  @Test("a child sees its slice, dispatches to the same store, and is observable by field")
  func childSlice() {
    let counter = model.scope(\.counter)
    let countChanges = tracking { _ = counter.count }
    let labelChanges = tracking { _ = counter.label }
    counter.dispatch(Increment())
    #expect(counter.count == 1)
    #expect(model.counter.count == 1)
    #expect(countChanges.values.count == 1)
    #expect(labelChanges.values.isEmpty)
  }

  @Test("a change outside the child's slice invalidates none of its readers")
  func unrelatedToChild() {
    let counter = model.scope(\.counter)
    let changes = tracking { _ = counter.state }
    let parentScoping = tracking { _ = model.scope(\.counter) }
    model.dispatch(SetTitle(title: "New"))
    counter.dispatch(Increment())
    #expect(changes.values.count == 1)
    #expect(parentScoping.values.isEmpty)
  }

  @Test("scoping twice by the same key path gives the same child while it is alive")
  func sameChild() {
    let first = model.scope(\.counter)
    #expect(model.scope(\.counter) === first)
    #expect(model.scope(\.detail) == nil)
  }

  @Test("an optional child is nil while absent, and scoping tracks only its presence")
  func optionalPresence() throws {
    #expect(model.scope(\.detail) == nil)
    let presence = tracking { _ = model.scope(\.detail) }
    model.dispatch(Increment())
    #expect(presence.values.isEmpty)
    model.dispatch(ShowDetail())
    #expect(presence.values.count == 1)
    let detail = try #require(model.scope(\.detail))
    let afterShow = tracking { _ = model.scope(\.detail) }
    detail.dispatch(Add(amount: 3))
    #expect(detail.count == 3)
    #expect(afterShow.values.isEmpty)
  }

  @Test("an optional child that becomes nil keeps its last value and does not crash")
  func optionalBecomesNil() throws {
    model.dispatch(ShowDetail())
    let detail = try #require(model.scope(\.detail))
    detail.dispatch(Add(amount: 2))
    let changes = tracking { _ = detail.count }
    model.dispatch(HideDetail())
    #expect(model.scope(\.detail) == nil)
    #expect(detail.count == 2)
    #expect(changes.values.isEmpty)
    detail.dispatch(Add(amount: 5))
    #expect(detail.count == 2)
    model.dispatch(ShowDetail())
    #expect(model.scope(\.detail) === detail)
    #expect(detail.count == 0)
    #expect(changes.values.count == 1)
  }

  @Test("a child follows coalesced background commits with its parent")
  func childFollowsBackground() async {
    let store = Store(initialState: App(), reducer: appReducer)
    let model = ViewStore(store)
    let counter = model.scope(\.counter)
    await Task.detached {
      for _ in 0..<1_000 { store.dispatch(Increment()) }
    }.value
    while counter.count < 1_000 { await nextChange { _ = counter.count } }
    #expect(model.counter.count == 1_000)
  }

  @Test("a child keeps its parent alive; the parent does not keep the child alive")
  func lifetime() {
    weak var weakParent: ViewStore<App>?
    weak var weakChild: ViewStore<Counter>?
    var child: ViewStore<Counter>?
    do {
      let parent = ViewStore(Store(initialState: App(), reducer: appReducer))
      weakParent = parent
      child = parent.scope(\.counter)
      weakChild = child
    }
    #expect(weakParent != nil)
    child?.dispatch(Increment())
    #expect(child?.count == 1)
    child = nil
    #expect(weakChild == nil)
    #expect(weakParent == nil)
  }
}

/// Where an app has navigated: one case of an enum, with the detail's state in its case.
enum Destination: Sendable {
  case detail(Counter)
  case settings

  /// The detail's state while the destination is the detail: an optional to scope to.
  var detail: Counter? {
    if case .detail(let counter) = self { return counter }
    return nil
  }
}

struct Routed: Sendable {
  var destination = Destination.detail(Counter())
}

struct OpenSettings: Action {}
struct OpenDetail: Action {}

let routedReducer = Reducer<Routed>
  .on(OpenSettings.self) { state, _ in state.destination = .settings }
  .on(OpenDetail.self) { state, _ in state.destination = .detail(Counter()) }
  .on(Add.self) { state, action in
    guard case .detail(var counter) = state.destination else { return }
    counter.count += action.amount
    state.destination = .detail(counter)
  }

@Suite("ViewStore scoping to an enum case")
@MainActor
struct ViewStoreCaseScopeTests {
  @Test("a child of a case that is left keeps its last value, publishes nothing, no crash")
  func caseLeft() throws {
    let model = ViewStore(Store(initialState: Routed(), reducer: routedReducer))
    let detail = try #require(model.scope(\.destination.detail))
    detail.dispatch(Add(amount: 2))
    #expect(detail.count == 2)
    let changes = tracking { _ = detail.count }
    let presence = tracking { _ = model.scope(\.destination.detail) }
    model.dispatch(OpenSettings())
    #expect(presence.values.count == 1)
    #expect(model.scope(\.destination.detail) == nil)
    #expect(detail.count == 2)
    detail.dispatch(Add(amount: 5))
    #expect(detail.count == 2)
    #expect(changes.values.isEmpty)
    model.dispatch(OpenDetail())
    #expect(model.scope(\.destination.detail) === detail)
    #expect(detail.count == 0)
    #expect(changes.values.count == 1)
  }
}
