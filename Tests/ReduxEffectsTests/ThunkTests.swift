import Clocks
import ReduxCore
import ReduxEffects
import Testing

/// A dependency handed to thunks through `.thunks(extra:)`.
struct Greeter: Sendable {
  var greeting: String
  func greet(_ name: String) async -> String { "\(greeting), \(name)" }
}

/// An action creator in ReduxSwift's style: a plain action, or a thunk when there is logic.
func appendCreator(_ text: String) -> any Action {
  guard text.hasPrefix("!") else { return Append(text: text) }
  return Thunk<AppState, Void> { dispatch, getState in
    dispatch(Append(text: "\(text.dropFirst()) #\(getState().log.count + 1)"))
  }
}

/// Records every action that reaches the end of the chain, after the thunk middleware.
func recordingActions(_ recorder: Recorder<String>) -> Middleware<AppState> {
  Middleware { _, action, next in
    recorder.append(String(describing: type(of: action)))
    next(action)
  }
}

@Suite("Thunk")
struct ThunkTests {
  @Test("a sync thunk's actions are reduced after it returns, in the order it sent them")
  func syncThunk() {
    let reached = Recorder<String>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      middleware: [.thunks(), recordingActions(reached)]
    )
    let seenInside = Recorder<Int>()
    store.dispatch(
      Thunk<AppState, Void> { dispatch, getState in
        dispatch(Append(text: "a"))
        dispatch(Increment())
        dispatch(Append(text: "b"))
        seenInside.append(getState().count)
      })
    #expect(store.state.log == ["a", "b"])
    #expect(store.state.count == 1)
    #expect(reached.values == ["Append", "Increment", "Append"])
    // Dispatches from a sync thunk are queued behind it, so it still saw the old state.
    #expect(seenInside.values == [0])
  }

  @Test("an async thunk dispatches several actions in order, each reduced before the next")
  func asyncThunk() async throws {
    let seenInside = Recorder<[String]>()
    let store = Store(
      initialState: AppState(), reducer: appReducer, middleware: [.thunks()])
    // Subscribed before the thunk starts, so no subscription work makes the store busy while
    // the thunk dispatches: each of its dispatches finds the store idle.
    let states = store.states
    store.dispatch(
      Thunk<AppState, Void>.task { dispatch, getState in
        for text in ["a", "b", "c"] {
          dispatch(Append(text: text))
          seenInside.append(getState().log)
        }
        dispatch(Increment())
      })
    let state = try #require(await states.first { $0.count == 1 })
    #expect(state.log == ["a", "b", "c"])
    #expect(seenInside.values == [["a"], ["a", "b"], ["a", "b", "c"]])
  }

  @Test("the extra argument reaches sync and async thunks")
  func extraArgument() async throws {
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      middleware: [.thunks(extra: Greeter(greeting: "Hello"))]
    )
    store.dispatch(
      Thunk<AppState, Greeter> { dispatch, _, greeter in
        dispatch(Append(text: greeter.greeting))
      })
    #expect(store.state.log == ["Hello"])
    let states = store.states
    store.dispatch(
      Thunk<AppState, Greeter>.task { dispatch, getState, greeter in
        dispatch(Append(text: await greeter.greet(getState().profile.name)))
      })
    let state = try #require(await states.first { $0.log.count == 2 })
    #expect(state.log == ["Hello", "Hello, Ada"])
  }

  @Test("an action creator may return a plain action or a thunk")
  func actionCreator() {
    let store = Store(
      initialState: AppState(), reducer: appReducer, middleware: [.thunks()])
    store.dispatch(appendCreator("plain"))
    store.dispatch(appendCreator("!numbered"))
    #expect(store.state.log == ["plain", "numbered #2"])
  }

  @Test("a thunk can dispatch another thunk, which runs in its turn in the queue")
  func nestedThunks() {
    let store = Store(
      initialState: AppState(), reducer: appReducer, middleware: [.thunks()])
    store.dispatch(
      Thunk<AppState, Void> { dispatch, _ in
        dispatch(Append(text: "outer"))
        dispatch(Thunk<AppState, Void> { dispatch, _ in dispatch(Append(text: "inner")) })
        dispatch(Append(text: "after"))
      })
    // The inner thunk is queued behind "outer" and "after"; so are the actions it dispatches.
    #expect(store.state.log == ["outer", "after", "inner"])
  }

  @Test("thunks never reach the reducer or the effects")
  func thunksStopAtMiddleware() {
    let seen = Recorder<String>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [Effect { action, _, _ in seen.append(String(describing: type(of: action))) }],
      middleware: [.thunks()]
    )
    store.dispatch(Thunk<AppState, Void> { dispatch, _ in dispatch(Increment()) })
    #expect(seen.values == ["Increment"])
  }

  @Test("releasing the store cancels its async thunks and frees it", .timeLimit(.minutes(1)))
  func asyncThunkCancelledOnRelease() async {
    let clock = TestClock()
    let events = Signal<String>()
    weak var weakStore: Store<AppState>?
    do {
      let store = Store(
        initialState: AppState(), reducer: appReducer, middleware: [.thunks()])
      weakStore = store
      store.dispatch(
        Thunk<AppState, Void>.task { dispatch, _ in
          events.send("started")
          do {
            try await clock.sleep(for: .seconds(60))
            events.send("finished")
          } catch {
            events.send(Task.isCancelled ? "cancelled" : "failed")
            dispatch(Append(text: "after release"))
          }
        })
      #expect(await events.next() == ["started"])
    }
    #expect(weakStore == nil)
    #expect(await events.next() == ["cancelled"])
  }

  @Test(
    "in a debug build, a thunk of a type the middleware does not handle stops with a message naming the fix"
  )
  func mismatchedThunk() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let store = Store(
          initialState: AppState(), reducer: appReducer, middleware: [.thunks()])
        store.dispatch(Thunk<AppState, Greeter> { _, _, _ in })
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("Thunk<AppState, Greeter> reached the thunk middleware"))
    #expect(message.contains(".thunks(extra:)"))
  }
}
