import Clocks
import ReduxCore
import ReduxEffects
import ReduxTesting
import Testing

struct Load: Action {}
struct Loaded: Action, Equatable { var values: [Int] }

let loadingReducer = Reducer.combine(
  counterReducer,
  Reducer<Counter>
    .on(Load.self) { state, _ in state.isLoading = true }
    .on(Loaded.self) { state, loaded in
      state.isLoading = false
      state.history = loaded.values
    }
)

@MainActor
@Suite("TestStore with effects and thunks", .timeLimit(.minutes(1)))
struct TestStoreEffectsTests {
  @Test("a synchronous effect's dispatch is received")
  func syncEffect() async {
    let store = TestStore(
      Store(
        initialState: Counter(), reducer: loadingReducer,
        effects: [.on(Load.self) { _, _, dispatch in dispatch(Loaded(values: [1])) }]))
    await store.send(Load()) { $0.isLoading = true }
    await store.receive(Loaded(values: [1])) {
      $0.isLoading = false
      $0.history = [1]
    }
    await store.finish()
  }

  @Test("a synchronous thunk changes nothing itself; what it dispatches is received")
  func syncThunk() async {
    let thunk = Thunk<Counter, Void> { dispatch, getState in
      dispatch(Increment(by: getState().count + 2))
    }
    let store = TestStore(
      initialState: Counter(count: 1), reducer: loadingReducer, middleware: [.thunks()])
    await store.send(thunk)
    await store.receive(Increment(by: 3)) {
      $0.count = 4
      $0.history = [4]
    }
    await store.finish()
  }
}
