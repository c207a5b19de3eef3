import Observation
import ReduxCore
import Testing

@Suite("ObservableStore")
struct ObservableStoreTests {
  @Test("withObservationTracking sees a dispatched change, and state then holds the new value")
  func tracksChanges() {
    let store = makeCounterStore()
    let model = ObservableStore(store)
    let changes = Recorder<Int>()
    withObservationTracking {
      _ = model.state.count
    } onChange: {
      changes.append(1)
    }
    #expect(changes.values.isEmpty)
    model.dispatch(Increment())
    #expect(changes.values == [1])
    #expect(model.state.count == 1)
  }

  @Test("an untracked read does not register; each tracking registers once")
  func onePerTracking() {
    let store = makeCounterStore()
    let model = ObservableStore(store)
    let changes = Recorder<String>()
    _ = model.state
    store.dispatch(Increment())
    withObservationTracking {
      _ = model.state
    } onChange: {
      changes.append("first")
    }
    store.dispatch(Increment())
    store.dispatch(Increment())
    #expect(changes.values == ["first"])
    #expect(model.state.count == 3)
  }

  @Test("the wrapper keeps its store alive and the store does not keep the wrapper alive")
  func lifetime() {
    weak var weakModel: ObservableStore<Counter>?
    let store = makeCounterStore()
    do {
      let model = ObservableStore(store)
      weakModel = model
      store.dispatch(Increment())
      #expect(model.state.count == 1)
    }
    #expect(weakModel == nil)
    store.dispatch(Increment())
    #expect(store.state.count == 2)
  }
}
