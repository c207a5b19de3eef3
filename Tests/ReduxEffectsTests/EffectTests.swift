import Clocks
import ReduxCore
import ReduxEffects
import Testing

@Suite("Effect")
struct EffectTests {
  @Test("an effect sees the state after its action was reduced")
  func seesNewState() {
    let seen = Recorder<Int>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [Effect { _, state, _ in seen.append(state.count) }]
    )
    store.dispatch(Increment())
    store.dispatch(Increment(by: 10))
    // Running with the state before the action (SwiftRX's bug) would record [0, 1].
    #expect(seen.values == [1, 11])
  }

  @Test("a typed effect runs only for its action type and gets the concrete action")
  func typedFilter() {
    let seen = Recorder<String>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [
        .on(Append.self) { append, state, _ in seen.append("\(append.text)@\(state.log.count)") }
      ]
    )
    store.dispatch(Increment())
    store.dispatch(Append(text: "a"))
    store.dispatch(Noop())
    store.dispatch(Append(text: "b"))
    #expect(seen.values == ["a@1", "b@2"])
  }

  @Test("a typed effect for a class action also runs for its subclasses")
  func classActionSubclass() {
    let seen = Recorder<String>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [.on(Tapped.self) { tapped, _, _ in seen.append(tapped.target) }]
    )
    store.dispatch(Tapped())
    store.dispatch(DoubleTapped())
    store.dispatch(Noop())
    #expect(seen.values == ["button", "button twice"])
  }

  @Test("effects run in array order, and actions they dispatch are reduced next, in order")
  func orderAndDispatch() {
    let seen = Recorder<String>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [
        .on(Increment.self) { _, state, dispatch in
          seen.append("first \(state.count)")
          dispatch(Append(text: "x"))
          dispatch(Append(text: "y"))
        },
        Effect { action, state, _ in seen.append("second \(type(of: action)) \(state.log)") },
      ]
    )
    store.dispatch(Increment())
    #expect(
      seen.values == [
        "first 1", "second Increment []", "second Append [\"x\"]",
        "second Append [\"x\", \"y\"]",
      ])
    #expect(store.state.log == ["x", "y"])
  }

  @Test("a throwing effect is reported, and it and the others keep working")
  func throwingEffectKeepsWorking() {
    let failures = Recorder<String>()
    let attempts = Recorder<Int>()
    let later = Recorder<Int>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [
        .on(Increment.self, name: "odd hater") { _, state, _ in
          attempts.append(state.count)
          if state.count % 2 == 1 { throw Boom(code: state.count) }
        },
        .on(Increment.self) { _, state, _ in later.append(state.count) },
      ],
      onEffectError: { failure in
        failures.append("\(failure.effect) \(type(of: failure.action)) \(failure.error)")
      }
    )
    for _ in 1...3 { store.dispatch(Increment()) }
    #expect(attempts.values == [1, 2, 3])
    #expect(later.values == [1, 2, 3])
    #expect(
      failures.values == [
        "odd hater Increment Boom(code: 1)", "odd hater Increment Boom(code: 3)",
      ])
    #expect(store.state.count == 3)
  }

  @Test("an effect's default name says where it was created")
  func defaultName() {
    let failures = Recorder<EffectFailure>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [Effect { _, _, _ in throw Boom() }],
      onEffectError: { failures.append($0) }
    )
    store.dispatch(Noop())
    let failure = failures.values.first
    #expect(failure?.effect.hasPrefix("effect at ReduxEffectsTests/EffectTests.swift:") == true)
    #expect(failure?.error as? Boom == Boom())
    #expect(failure?.action is Noop)
    #expect(failure?.description.hasSuffix("failed on Noop: Boom(code: 1)") == true)
  }

  @Test("an async effect gets the action and the new state, and its dispatches come back")
  func asyncEffect() async throws {
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [
        .task(on: Increment.self) { increment, state, dispatch in
          await Task.yield()
          dispatch(Append(text: "by \(increment.by) to \(state.count)"))
        }
      ]
    )
    let states = store.states
    store.dispatch(Increment(by: 5))
    let state = try #require(await states.first { !$0.log.isEmpty })
    #expect(state.log == ["by 5 to 5"])
  }

  @Test("an untyped async effect runs for every action")
  func untypedAsyncEffect() async {
    let seen = Signal<String>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [.task { action, state, _ in seen.send("\(type(of: action)) \(state.count)") }]
    )
    store.dispatch(Increment())
    #expect(await seen.next() == ["Increment 1"])
    store.dispatch(Noop())
    #expect(await seen.next() == ["Noop 1"])
  }

  @Test("an async effect that throws is reported and runs again for the next action")
  func throwingAsyncEffect() async {
    let failures = Signal<String>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [
        .task(on: Increment.self, name: "loader") { _, state, _ in throw Boom(code: state.count) }
      ],
      onEffectError: { failures.send("\($0.effect): \($0.error)") }
    )
    store.dispatch(Increment())
    #expect(await failures.next() == ["loader: Boom(code: 1)"])
    store.dispatch(Increment())
    #expect(await failures.next() == ["loader: Boom(code: 2)"])
  }

  @Test("releasing the store cancels its async effects and frees it", .timeLimit(.minutes(1)))
  func asyncEffectCancelledOnRelease() async {
    let clock = TestClock()
    let events = Signal<String>()
    let failures = Recorder<EffectFailure>()
    weak var weakStore: Store<AppState>?
    do {
      let store = Store(
        initialState: AppState(),
        reducer: appReducer,
        effects: [
          .task(on: Increment.self) { _, _, dispatch in
            events.send("started")
            do {
              try await clock.sleep(for: .seconds(60))
              events.send("finished")
            } catch {
              events.send(Task.isCancelled ? "cancelled" : "failed")
              dispatch(Append(text: "after release"))
              throw error
            }
          }
        ],
        onEffectError: { failures.append($0) }
      )
      weakStore = store
      store.dispatch(Increment())
      #expect(await events.next() == ["started"])
    }
    #expect(weakStore == nil)
    #expect(await events.next() == ["cancelled"])
    #expect(failures.values.isEmpty)
  }

  @Test("effects placed in a middleware chain see only the actions that reach the reducer")
  func effectsMiddlewareAfterFilter() {
    let seen = Recorder<String>()
    let dropNoop = Middleware<AppState> { _, action, next in
      if action is Noop { return }
      next(action)
    }
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      middleware: [
        dropNoop, .effects([Effect { action, _, _ in seen.append("\(type(of: action))") }]),
      ]
    )
    store.dispatch(Noop())
    store.dispatch(Increment())
    #expect(seen.values == ["Increment"])
  }

  @Test("effects see the state from many threads' dispatches, one action at a time")
  func concurrentDispatches() async {
    let seen = Recorder<Int>()
    let store = Store(
      initialState: AppState(),
      reducer: appReducer,
      effects: [.on(Increment.self) { _, state, _ in seen.append(state.count) }]
    )
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<250 { store.dispatch(Increment()) } }
      }
    }
    #expect(seen.values == Array(1...2000))
  }
}
