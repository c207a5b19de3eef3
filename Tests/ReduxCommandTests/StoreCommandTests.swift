import Clocks
import Dispatch
import Observation
import ReduxCommand
import ReduxCore
import ReduxUI
import Testing

@Suite("Store with a command reducer", .timeLimit(.minutes(1)))
struct StoreCommandTests {
  @Test("an action command is dispatched after the current action, through the middleware")
  func actionCommandGoesThroughMiddleware() {
    let seen = Recorder<String>()
    let logger = Middleware<Counter> { _, action, next in
      seen.append(action.as(Named.self)?.name ?? "\(type(of: action))")
      next(action)
    }
    let reducer = CommandReducer<Counter>.on(Named.self) { state, action in
      state.seen.append(action.name)
      return action.name == "first" ? .action(Named(name: "second")) : .none
    }
    let store = Store(initialState: Counter(), commandReducer: reducer, middleware: [logger])
    store.dispatch(Named(name: "first"))
    #expect(store.state.seen == ["first", "second"])
    #expect(seen.all == ["first", "second"])
  }

  @Test("a command starts only after the state it came with is committed")
  func commandStartsAfterCommit() async {
    let ref = StoreRef()
    let observed = Recorder<Int>()
    let done = Signal()
    let reducer = CommandReducer<Counter>.on(Step.self) { state, _ in
      state.count += 1
      return .callback { fulfill in
        observed.append(ref.store?.state.count ?? -1)
        done.send()
        fulfill(nil)
      }
    }
    let store = Store(initialState: Counter(), commandReducer: reducer)
    ref.store = store
    store.dispatch(Step())
    await done.wait()
    #expect(observed.all == [1])
  }

  @Test("the initial command runs when the store is created")
  func initialCommand() async {
    let clock = TestClock()
    let store = Store(
      initialState: Counter(),
      commandReducer: counterReducer(clock: clock),
      initialCommand: .batch(.action(Step()), .action(StepDelayed()))
    )
    #expect(store.state.count == 1)
    var counts = store.values(select: \.count).makeAsyncIterator()
    #expect(await counts.next() == 1)
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    #expect(await counts.next() == 2)
  }

  @Test("a delayed step arrives after the clock advances, and subscribers see it")
  func delayedStep() async {
    let clock = TestClock()
    let store = Store(initialState: Counter(), commandReducer: counterReducer(clock: clock))
    let published = Recorder<Int>()
    let subscription = store.subscribe(select: \.count) { published.append($0) }
    var counts = store.values(select: \.count).makeAsyncIterator()
    #expect(await counts.next() == 0)
    store.dispatch(StepDelayed())
    await clock.untilSleeping()
    #expect(store.state.count == 0)
    await clock.advance(by: .seconds(1))
    #expect(await counts.next() == 1)
    #expect(published.all == [0, 1])
    subscription.cancel()
  }

  @Test("cancel(id:) stops the auto-increment")
  func cancelStopsAutoIncrement() async {
    let clock = TestClock()
    let ended = Signal()
    let store = Store(
      initialState: Counter(), commandReducer: counterReducer(clock: clock, autoEnded: ended))
    var counts = store.values(select: \.count).makeAsyncIterator()
    #expect(await counts.next() == 0)
    store.dispatch(StartAuto())
    for expected in 1...3 {
      await clock.untilSleeping()
      await clock.advance(by: .seconds(1))
      #expect(await counts.next() == expected)
    }
    store.dispatch(StopAuto())
    await ended.wait()
    await clock.advance(by: .seconds(10))
    #expect(store.state.count == 3)
  }

  @Test("a cancelled job that keeps running never dispatches")
  func cancelledJobNeverDispatches() async {
    let gate = Gate()
    let ended = Signal()
    let seen = Recorder<String>()
    let logger = Middleware<Counter> { _, action, next in
      if let named = action.as(Named.self) { seen.append(named.name) }
      next(action)
    }
    let reducer = CommandReducer<Counter>
      .on(StartAuto.self) { _, _ in
        Command.run { send in
          await gate.wait()
          send(Named(name: "late"))
          ended.send()
        }
        .cancellable(id: "job")
      }
      .on(StopAuto.self) { _, _ in .cancel(id: "job") }
    let store = Store(initialState: Counter(), commandReducer: reducer, middleware: [logger])
    store.dispatch(StartAuto())
    store.dispatch(StopAuto())
    await gate.open()
    await ended.wait()
    #expect(seen.all.isEmpty)
  }

  @Test("an action sent while its cancel is being processed is dropped by the store")
  func actionRacingItsCancelIsDropped() async {
    let gate = Gate()
    let sent = DispatchSemaphore(value: 0)
    let seen = Recorder<String>()
    // On StopAuto, let the job send before the cancel runs: its action is queued behind
    // StopAuto, and reaches the store only after the cancel.
    let racer = Middleware<Counter> { _, action, next in
      if action is StopAuto {
        Task { await gate.open() }
        sent.wait()
      }
      if let named = action.as(Named.self) { seen.append(named.name) }
      next(action)
    }
    let reducer = CommandReducer<Counter>
      .on(StartAuto.self) { _, _ in
        Command.run { send in
          await gate.wait()
          send(Named(name: "raced"))
          sent.signal()
        }
        .cancellable(id: "job")
      }
      .on(StopAuto.self) { _, _ in .cancel(id: "job") }
      .on(Named.self) { state, action in
        state.seen.append(action.name)
        return .none
      }
    let store = Store(initialState: Counter(), commandReducer: reducer, middleware: [racer])
    store.dispatch(StartAuto())
    // Block a dispatch thread, not a task of the cooperative pool.
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        store.dispatch(StopAuto())
        continuation.resume()
      }
    }
    #expect(seen.all.isEmpty)
    #expect(store.state.seen.isEmpty)
  }

  @Test("1,000 cancel-in-flight searches fired rapidly deliver only the last result")
  func cancelInFlightLatestWins() async {
    let gate = Gate()
    let ended = Signal()
    let reducer = CommandReducer<Counter>
      .on(Search.self) { _, search in
        Command.run { send in
          await gate.wait()
          send(Found(query: search.query))
          ended.send()
        }
        .cancellable(id: "search", cancelInFlight: true)
      }
      .on(Found.self) { state, found in
        state.found.append(found.query)
        return .none
      }
    let store = Store(initialState: Counter(), commandReducer: reducer)
    for query in 0..<1000 { store.dispatch(Search(query: query)) }
    await gate.open()
    await ended.wait(count: 1000)
    #expect(store.state.found == [999])
  }

  @Test("a cancel-in-flight command wrapped twice with the same id sends its action once")
  func nestedCancelInFlightThroughStore() async {
    let reducer = CommandReducer<Counter>
      .on(Search.self) { _, search in
        Command.run { send in send(Found(query: search.query)) }
          .cancellable(id: "id", cancelInFlight: true)
          .cancellable(id: "id", cancelInFlight: true)
      }
      .on(Found.self) { state, found in
        state.found.append(found.query)
        return .none
      }
    let store = Store(initialState: Counter(), commandReducer: reducer)
    var found = store.values(select: \.found).makeAsyncIterator()
    store.dispatch(Search(query: 42))
    while let values = await found.next(), values.isEmpty {}
    store.dispatch(Step())  // processed after anything else the command could still send
    #expect(store.state.found == [42])
  }

  @Test("a batch with a failing job delivers the mapped failure and the others' actions")
  func batchWithFailureThroughStore() async {
    let reducer = CommandReducer<Counter>
      .on(Step.self) { _, _ in
        .batch(
          .attempt(
            { () async throws -> String in throw Boom() },
            then: { Named(name: (try? $0.get()) ?? "failed") }),
          .run { send in send(Named(name: "job")) },
          .action(Named(name: "sync"))
        )
      }
      .on(Named.self) { state, action in
        state.seen.append(action.name)
        return .none
      }
    let store = Store(initialState: Counter(), commandReducer: reducer)
    var seen = store.values(select: \.seen).makeAsyncIterator()
    store.dispatch(Step())
    while let names = await seen.next(), names.count < 3 {}
    #expect(store.state.seen.first == "sync")
    #expect(store.state.seen.sorted() == ["failed", "job", "sync"])
  }

  @Test("concatenate delivers its parts in order through the store")
  func concatenateThroughStore() async {
    let clock = TestClock()
    let reducer = CommandReducer<Counter>
      .on(Step.self) { _, _ in
        .concatenate(
          .run { send in
            try? await clock.sleep(for: .seconds(1))
            send(Named(name: "a"))
          },
          .action(Named(name: "b")),
          .perform({ "c" }, then: { Named(name: $0) })
        )
      }
      .on(Named.self) { state, action in
        state.seen.append(action.name)
        return .none
      }
    let store = Store(initialState: Counter(), commandReducer: reducer)
    var seen = store.values(select: \.seen).makeAsyncIterator()
    store.dispatch(Step())
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    while let names = await seen.next(), names.count < 3 {}
    #expect(store.state.seen == ["a", "b", "c"])
  }

  @Test("actions sent by jobs pass through the middleware like any other")
  func jobActionsGoThroughMiddleware() async {
    let seen = Recorder<String>()
    let logger = Middleware<Counter> { _, action, next in
      if let named = action.as(Named.self) { seen.append(named.name) }
      next(action)
    }
    let done = Signal()
    let reducer = CommandReducer<Counter>
      .on(Step.self) { _, _ in
        .run { send in
          send(Named(name: "from a job"))
          done.send()
        }
      }
      .on(Named.self) { state, action in
        state.seen.append(action.name)
        return .none
      }
    let store = Store(initialState: Counter(), commandReducer: reducer, middleware: [logger])
    store.dispatch(Step())
    await done.wait()
    #expect(seen.all == ["from a job"])
    #expect(store.state.seen == ["from a job"])
  }
}
