import Observation
import ReduxCore
import ReduxUI
import Testing

@Suite("StateBinding")
@MainActor
struct StateBindingTests {
  @Test("setting dispatches the action built from the value, and reading returns the new state")
  func setDispatches() {
    let store = makeCounterStore()
    let model = ViewStore(store)
    let label = model.binding(\.label, send: SetLabel.init)
    label.value = "Ada"
    #expect(store.state.label == "Ada")
    #expect(label.value == "Ada")
    label.set("Grace")
    #expect(label.get() == "Grace")
  }

  @Test("a field's binding sends one BindingAction, which the reducer's binding() writes")
  func bindingAction() {
    let seen = Recorder<String>()
    let store = Store(
      initialState: Counter(), reducer: counterReducer.binding(),
      middleware: [
        Middleware { _, action, next in
          seen.append("\(action)")
          next(action)
        }
      ])
    let model = ViewStore(store)
    let label = model.binding(\.label)
    label.value = "Ada"
    #expect(store.state.label == "Ada")
    #expect(seen.values == ["binding(\\Counter.label, \"Ada\")"])
  }

  @Test("reading through the binding tracks only its field")
  func readTracksField() {
    let model = ViewStore(makeCounterStore())
    let step = model.binding(\.step, send: SetStep.init)
    let changes = tracking { _ = step.value }
    model.dispatch(Increment())
    #expect(changes.values.isEmpty)
    step.value = 5
    #expect(changes.values.count == 1)
  }

  @Test("a value no reducer applies reads back unchanged")
  func unappliedValue() {
    let model = ViewStore(makeCounterStore())
    let count = model.binding(\.count) { _ in Noop() }
    count.value = 10
    #expect(count.value == 0)
  }

  @Test("a binding built by hand is a plain get/set pair")
  func manualPair() {
    let model = ViewStore(makeCounterStore())
    let amount = StateBinding(get: { model.count }, set: { model.dispatch(Add(amount: $0)) })
    amount.value = 3
    #expect(amount.value == 3)
  }
}
