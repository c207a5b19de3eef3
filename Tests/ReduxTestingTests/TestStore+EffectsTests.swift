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

@MainActor
@Suite("TestStore with async effects and thunks", .timeLimit(.minutes(1)))
struct TestStoreAsyncEffectsTests {
  @Test("an async effect's dispatch is received once its clock advances; finish waits for it")
  func asyncEffect() async {
    let clock = TestClock()
    let store = TestStore(
      Store(
        initialState: Counter(), reducer: loadingReducer,
        effects: [
          .task(on: Load.self) { _, _, dispatch in
            try await clock.sleep(for: .seconds(5))
            dispatch(Loaded(values: [1, 2]))
          }
        ]))
    await store.send(Load()) { $0.isLoading = true }
    while (try? await clock.checkSuspension()) != nil {}  // until the effect sleeps
    await clock.advance(by: .seconds(5))
    await store.receive(Loaded(values: [1, 2])) {
      $0.isLoading = false
      $0.history = [1, 2]
    }
    await store.finish()
  }

  @Test("an effect still running when the test store is released fails the test")
  func effectRunningAtEnd() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(
        Store(
          initialState: Counter(), reducer: loadingReducer,
          effects: [
            .task(on: Load.self) { _, _, _ in try await clock.sleep(for: .seconds(5)) }
          ]))
      await store.send(Load()) { $0.isLoading = true }
    } matching: { issue in
      message(of: issue).contains("Work is still running at the end of the test")
    }
  }

  @Test("an async thunk's dispatches are received in order")
  func asyncThunk() async {
    let thunk = Thunk<Counter, [Int]>.task { dispatch, _, values in
      dispatch(Load())
      await Task.yield()
      dispatch(Loaded(values: values))
    }
    let store = TestStore(
      initialState: Counter(), reducer: loadingReducer, middleware: [.thunks(extra: [7])])
    await store.send(thunk)
    await store.receive(Load.self) { $0.isLoading = true }
    await store.receive(Loaded.self) {
      $0.isLoading = false
      $0.history = [7]
    }
    await store.finish()
  }
}
