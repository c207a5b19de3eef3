import ReduxCore
import ReduxSeam
import Testing

struct Form: Equatable, Sendable {
  var title = ""
  var minutes = 5
  var log: [String] = []
}

struct Owner: Equatable, Sendable {
  var form: Form?
}

let formReducer = Reducer<Form> { form, action in
  // The feature sees the binding after it was written, and may react to one field.
  if action.as(BindingAction<Form>.self)?.value(at: \.minutes) != nil {
    form.minutes = max(form.minutes, 1)
    form.log.append("minutes: \(form.minutes)")
  }
}
.binding()

@Suite("One binding action for every field")
struct BindingActionTests {
  @Test("a binding writes its field, then the feature's reducer sees it")
  func writesThenReacts() {
    let store = Store(initialState: Form(), reducer: formReducer)
    store.dispatch(BindingAction.set(\Form.title, "Morning"))
    store.dispatch(BindingAction.set(\Form.minutes, 0))
    #expect(store.state == Form(title: "Morning", minutes: 1, log: ["minutes: 1"]))
  }

  @Test("bindings compare by key path and value, and read as binding(\\Form.title, \"Morning\")")
  func equalityAndDescription() {
    #expect(BindingAction.set(\Form.title, "Morning") == BindingAction.set(\Form.title, "Morning"))
    #expect(BindingAction.set(\Form.title, "Morning") != BindingAction.set(\Form.title, "Evening"))
    #expect(BindingAction.set(\Form.minutes, 1) != BindingAction.set(\Form.title, "1"))
    #expect("\(BindingAction.set(\Form.title, "Morning"))" == #"binding(\Form.title, "Morning")"#)
    #expect(BindingAction.set(\Form.minutes, 3).value(at: \.minutes) == 3)
    #expect(BindingAction.set(\Form.minutes, 3).value(at: \.title) == nil)
  }

  @Test("a binding for a child that is gone changes nothing and warns, naming the binding")
  func childGone() throws {
    let warnings = WarningLog()
    let store = Store(
      initialState: Owner(), reducer: Reducer<Owner>.empty.ifLet(\.form, then: formReducer),
      onRuntimeWarning: { warnings.append($0.message) })
    store.dispatch(ChildAction<Form>(BindingAction.set(\Form.title, "Lost")))
    #expect(store.state == Owner())
    #expect(
      try #require(warnings.all.first).contains(#"got binding(\Form.title, "Lost")"#))
  }
}
