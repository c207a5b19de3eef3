import Clocks
import Dispatch
import Observation
import ReduxCommand
import ReduxCore
import ReduxUI
import Testing

extension StoreCommandTests {
  @Test("100 concurrent jobs sending 10 actions each deliver exactly 1,000 actions")
  func concurrentJobsLoseNothing() async {
    let ended = Signal()
    let reducer = CommandReducer<Counter>
      .on(StartAuto.self) { _, _ in
        .batch(
          (0..<100).map { _ in
            Command.run { send in
              for _ in 0..<10 { send(Tick()) }
              ended.send()
            }
          })
      }
      .on(Tick.self) { state, _ in
        state.count += 1
        return .none
      }
    let store = Store(initialState: Counter(), commandReducer: reducer)
    store.dispatch(StartAuto())
    await ended.wait(count: 100)
    // A job's last send may still be queued on the thread draining the store; wait for it.
    for await count in store.values(select: \.count) where count >= 1000 { break }
    #expect(store.state.count == 1000)
  }

  @Test("observation sees the states that a command's actions produce")
  @MainActor
  func observationWorksUnchanged() {
    let reducer = CommandReducer<Counter>
      .on(Step.self) { state, _ in
        state.count += 1
        return .action(Tick())
      }
      .on(Tick.self) { state, _ in
        state.count += 10
        return .none
      }
    let store = Store(initialState: Counter(), commandReducer: reducer)
    let model = ViewStore(store)
    let changes = Recorder<Int>()
    withObservationTracking {
      _ = model.state
    } onChange: {
      changes.append(1)
    }
    model.dispatch(Step())
    #expect(model.state.count == 11)
    #expect(changes.all == [1])
  }

  @Test("releasing the store mid-flight cancels its commands and frees it")
  func releaseMidFlight() async {
    let clock = TestClock()
    let cancelled = Signal()
    let freed = Signal()
    weak var weakStore: Store<Counter>?
    do {
      let canary = Canary(freed)
      let reducer = CommandReducer<Counter>.on(StartAuto.self) { _, _ in
        .run { send in
          withExtendedLifetime(canary) {}
          do {
            try await clock.sleep(for: .seconds(1))
            send(Tick())
          } catch {
            cancelled.send()
          }
        }
      }
      let store = Store(initialState: Counter(), commandReducer: reducer)
      weakStore = store
      store.dispatch(StartAuto())
      await clock.untilSleeping()
    }
    #expect(weakStore == nil)
    await cancelled.wait()
    await freed.wait()
  }

  @Test(
    "releasing the store cancels its commands even while a middleware keeps its context",
    .timeLimit(.minutes(1)))
  func releaseWhileContextKept() async {
    let clock = TestClock()
    let cancelled = Signal()
    // A middleware that keeps its context past the store, as a long-lived task of its own
    // would: the context keeps the store's engine alive, but not the store's commands.
    let kept = Recorder<MiddlewareContext<Counter>>()
    let keeper = Middleware<Counter>(
      onAttach: { context in kept.append(context) },
      { _, action, next in next(action) })
    weak var weakStore: Store<Counter>?
    do {
      let reducer = CommandReducer<Counter>.on(StartAuto.self) { _, _ in
        .run { send in
          do {
            try await clock.sleep(for: .seconds(1))
            send(Tick())
          } catch {
            cancelled.send()
          }
        }
      }
      let store = Store(initialState: Counter(), commandReducer: reducer, middleware: [keeper])
      weakStore = store
      store.dispatch(StartAuto())
      await clock.untilSleeping()
    }
    #expect(weakStore == nil)
    await cancelled.wait()
    #expect(kept.all.count == 1)
  }
}
