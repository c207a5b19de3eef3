import Observation
import ReduxCore
import Testing

@Suite("ViewStore")
@MainActor
struct ViewStoreTests {
  @Test("it starts from the store's state and publishes its own dispatch before returning")
  func publishesOwnDispatch() {
    let store = makeCounterStore()
    store.dispatch(Add(amount: 2))
    let model = ViewStore(store)
    #expect(model.state.count == 2)
    let changes = tracking { _ = model.state }
    model.dispatch(Increment())
    #expect(changes.values.count == 1)
    #expect(model.state.count == 3)
    #expect(store.state.count == 3)
  }

  @Test("1,000 commits before the main actor runs are published once, as the newest state")
  func coalescesABurst() async {
    let store = makeCounterStore()
    let model = ViewStore(store)
    // Dispatched to the store itself, not through the view store: published by the hop, which
    // cannot run before this synchronous loop ends.
    for _ in 0..<1_000 { store.dispatch(Increment()) }
    #expect(model.state.count == 0)
    await nextChange { _ = model.state }
    #expect(model.state.count == 1_000)

    for _ in 0..<500 { store.dispatch(Increment()) }
    #expect(model.state.count == 1_000)
    await nextChange { _ = model.state }
    #expect(model.state.count == 1_500)
  }

  @Test("10,000 background commits are published in commit order, ending with the last")
  func backgroundCommitsInOrder() async {
    let store = makeCounterStore()
    let model = ViewStore(store)
    let writer = Task.detached {
      for _ in 0..<10_000 { store.dispatch(Increment()) }
    }
    var seen: [Int] = []
    while model.state.count < 10_000 {
      await nextChange { _ = model.state }
      seen.append(model.state.count)
    }
    await writer.value
    #expect(seen.last == 10_000)
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
    #expect(model.state.count == 10_000)
  }

  @Test("an action that changes nothing invalidates no reader of the state")
  func noOpInvalidatesNothing() {
    let model = ViewStore(makeCounterStore())
    let changes = tracking { _ = model.state }
    model.dispatch(Noop())
    model.dispatch(SetStep(step: 1))
    #expect(changes.values.isEmpty)
    model.dispatch(SetStep(step: 2))
    #expect(changes.values.count == 1)
  }

  @Test("the view store keeps its store alive, and the store does not keep the view store alive")
  func lifetime() {
    weak var weakStore: Store<Counter>?
    weak var weakModel: ViewStore<Counter>?
    var model: ViewStore<Counter>?
    do {
      let store = makeCounterStore()
      weakStore = store
      model = ViewStore(store)
      weakModel = model
    }
    #expect(weakStore != nil)
    model?.dispatch(Increment())
    #expect(model?.state.count == 1)
    model = nil
    #expect(weakModel == nil)
    #expect(weakStore == nil)
  }
}
