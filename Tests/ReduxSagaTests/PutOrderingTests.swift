import ReduxCore
import ReduxSaga
import Testing

// Rule 1 (docs/sagas.md, "A put completes after what it caused"): when `put(A)` returns, every
// action dispatched while A was processed, and theirs transitively, has been reduced and seen
// by the sagas.

private struct Trigger: Action {}
private struct Relay: Action {}
private struct Echo: Action { var id = 0 }

/// A middleware placed before the sagas that dispatches `count` actions made by `make` each
/// time it sees an action of type `T`.
private func fanOut<T: Action>(
  _ type: T.Type, count: Int, _ make: @escaping @Sendable (Int) -> any Action
) -> Middleware<TestState> {
  Middleware { context, action, next in
    next(action)
    guard action is T else { return }
    for index in 0..<count { context.dispatch(make(index)) }
  }
}

/// Runs `body` as a root saga on a store whose middleware is `before` then the sagas', with a
/// `takeEvery(Echo)` counting the echoes; returns the count `body` read after its put.
private func echoesSeen(
  before: [Middleware<TestState>] = [],
  _ body: @escaping @Sendable (SagaContext<TestState>) async -> Void
) async throws -> Int {
  let sagas = SagaMiddleware<TestState>()
  let store = Store(
    initialState: TestState(), reducer: testReducer, middleware: before + [sagas.middleware])
  let seen = Box(0)
  let root = sagas.run("putter") { saga in
    let counter = saga.takeEvery(.type(Echo.self)) { _, _ in seen.update { $0 += 1 } }
    await body(saga)
    let count = seen.value
    counter.cancel()
    return count
  }
  let count = try await root.value
  withExtendedLifetime(store) {}
  return count
}

/// Runs `body` as a root saga on a store with the sagas' middleware only; returns its result.
private func runAsRoot<Value: Sendable>(
  _ body: @escaping @Sendable (SagaContext<TestState>) async throws -> Value
) async throws -> Value {
  let sagas = SagaMiddleware<TestState>()
  let store = Store(
    initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
  let value = try await sagas.run("putter", body).value
  withExtendedLifetime(store) {}
  return value
}

/// Runs a root saga that puts `Trigger` four times, with a `takeEvery(Echo)` counting the
/// echoes; its value is the count read after each put.
private func echoCountsAfterFourPuts(_ sagas: SagaMiddleware<TestState>) -> SagaTask<[Int]> {
  let seen = Box(0)
  return sagas.run("putter") { saga in
    let counter = saga.takeEvery(.type(Echo.self)) { _, _ in seen.update { $0 += 1 } }
    var counts: [Int] = []
    for _ in 0..<4 {
      await saga.put(Trigger())
      counts.append(seen.value)
    }
    counter.cancel()
    return counts
  }
}

@Suite("put ordering")
struct PutOrderingTests {
  @Test("a put returns after the actions a middleware dispatched for it reached the sagas")
  func middlewareDispatches() async throws {
    let count = 32_768
    let seen = try await echoesSeen(before: [fanOut(Trigger.self, count: count) { Echo(id: $0) }]) {
      saga in await saga.put(Trigger())
    }
    #expect(seen == count)
  }

  @Test("a put returns after the actions a subscriber dispatched for it reached the sagas")
  func subscriberDispatches() async throws {
    let count = 1_024
    let (store, sagas, subscription) = storeDispatchingOnFirstAdd((0..<count).map { Echo(id: $0) })
    let seen = Box(0)
    let root = sagas.run("putter") { saga in
      let counter = saga.takeEvery(.type(Echo.self)) { _, _ in seen.update { $0 += 1 } }
      await saga.put(Add())
      let count = seen.value
      counter.cancel()
      return count
    }
    #expect(try await root.value == count)
    subscription.cancel()
    withExtendedLifetime(store) {}
  }

  // A saga's own task puts through its node; a branch of `all` or `race`, or saga code after an
  // await the runtime did not make, puts through an object of its own. Both follow rule 1.

  @Test("a put from a branch of all returns after what it caused, and each branch's does")
  func branchPuts() async throws {
    let count = 512
    let seen = try await echoesSeen(before: [fanOut(Trigger.self, count: count) { Echo(id: $0) }]) {
      saga in
      let seenBox = Box<[Int]>([])
      _ = try? await saga.all(
        of: {
          await saga.put(Trigger())
          seenBox.update { $0.append(1) }
        },
        {
          await saga.put(Trigger())
          seenBox.update { $0.append(2) }
        })
      // Both branches resumed, each after its own put's echoes were seen.
      #expect(seenBox.value.sorted() == [1, 2])
    }
    #expect(seen == 2 * count)
  }

  @Test("a put after a plain await returns after what it caused")
  func putAfterPlainAwait() async throws {
    let count = 512
    let seen = try await echoesSeen(before: [fanOut(Trigger.self, count: count) { Echo(id: $0) }]) {
      saga in
      // Not an effect: the runtime cannot tell which task the put runs in afterwards.
      await Task.yield()
      await saga.put(Trigger())
    }
    #expect(seen == count)
  }

  @Test("a saga's puts one after another each return after what they caused")
  func successivePutsOfOneSaga() async throws {
    let count = 64
    let seen = try await echoesSeen(before: [fanOut(Trigger.self, count: count) { Echo(id: $0) }]) {
      saga in
      // The node carries one put at a time: the second starts after the first went round the
      // store's queue (its echoes were queued behind it).
      await saga.put(Trigger())
      await saga.put(Add())
      await saga.put(Trigger())
    }
    #expect(seen == 2 * count)
  }

  @Test("a put returns after the actions dispatched for the actions it caused, transitively")
  func nestedDispatches() async throws {
    let middleware = [
      fanOut(Trigger.self, count: 64) { _ in Relay() },
      fanOut(Relay.self, count: 64) { Echo(id: $0) },
    ]
    let seen = try await echoesSeen(before: middleware) { saga in await saga.put(Trigger()) }
    #expect(seen == 64 * 64)
  }

  @Test("sagas' puts in response go out after the putting saga resumes, all of them, in order")
  func sagaPutsInResponse() async throws {
    let (seenAfterPut, echoes) = try await runAsRoot { saga in
      // The putting saga's own forks answer its action, and one another's: no deadlock.
      let helpers = [
        saga.takeEvery(.type(Trigger.self)) { worker, _ in await worker.put(Relay()) },
        saga.takeEvery(.type(Relay.self)) { worker, _ in await worker.put(Echo(id: 0)) },
        saga.takeEvery(.type(Echo.self)) { worker, echo in
          if echo.id < 50 { await worker.put(Echo(id: echo.id + 1)) }
        },
      ]
      let seen = Box<[Int]>([])
      let counter = saga.takeEvery(.type(Echo.self)) { _, echo in seen.update { $0.append(echo.id) }
      }
      await saga.put(Trigger())
      // redux-saga's asap order: puts made in response wait for the putting saga to resume.
      let seenAfterPut = seen.value
      var echoes: [Int] = []
      while echoes.last != 50 { echoes.append(try await saga.take(Echo.self).id) }
      for helper in helpers + [counter] { helper.cancel() }
      return (seenAfterPut, echoes)
    }
    #expect(seenAfterPut == [])
    #expect(echoes == Array(0...50))
  }

  @Test("a reply put in response reaches a take the putting saga starts after its put")
  func requestAndReply() async throws {
    let harness = Harness()
    let root = harness.sagas.run("requester") { saga in
      let responder = saga.takeEvery(.type(Request.self)) { worker, request in
        await worker.put(Response(id: request.id))
      }
      var replies: [Int] = []
      var logsAfterPut: [[String]] = []
      for id in 1...3 {
        await saga.put(Request(id: id))
        logsAfterPut.append(saga.select(\.log))
        replies.append(try await saga.take(Response.self).id)
      }
      responder.cancel()
      return (logsAfterPut, replies)
    }
    let (logsAfterPut, replies) = try await root.value
    #expect(replies == [1, 2, 3])
    #expect(logsAfterPut == [[], ["response 1"], ["response 1", "response 2"]])
  }

  @Test("a put completes after what it caused while other threads dispatch too")
  func otherThreadsDispatching() async throws {
    let count = 2_048
    let sagas = SagaMiddleware<TestState>()
    let store = Store(
      initialState: TestState(), reducer: testReducer,
      middleware: [fanOut(Trigger.self, count: count) { Echo(id: $0) }, sagas.middleware])
    let others = Task.detached {
      for _ in 0..<20_000 { store.dispatch(Ping()) }
    }
    let root = echoCountsAfterFourPuts(sagas)
    #expect(try await root.value == [count, 2 * count, 3 * count, 4 * count])
    await others.value
  }

  @Test(
    "a put returns while another thread keeps dispatching, without waiting for it to stop",
    .timeLimit(.minutes(1)))
  func sustainedDispatching() async throws {
    let count = 64
    let sagas = SagaMiddleware<TestState>()
    let store = Store(
      initialState: TestState(), reducer: testReducer,
      middleware: [fanOut(Trigger.self, count: count) { Echo(id: $0) }, sagas.middleware])
    let isDone = Box(false)
    // They stop only once the puts below have returned: a put that waited for a quiet store
    // would wait for ever. Four, so that the store's queue is rarely empty.
    let others = (0..<4).map { _ in
      Task.detached {
        while !isDone.value { store.dispatch(Ping()) }
      }
    }
    let root = echoCountsAfterFourPuts(sagas)
    let counts = try await root.value
    isDone.update { $0 = true }
    for other in others { await other.value }
    #expect(counts == [count, 2 * count, 3 * count, 4 * count])
  }

  @Test("a put does not wait for what a saga does after a later wait")
  func laterWorkIsNotCaused() async throws {
    let clock = ManualClock()
    let sagas = SagaMiddleware<TestState>(clock: clock)
    let store = Store(
      initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
    let seen = Box(0)
    let root = sagas.run("putter") { saga in
      let counter = saga.takeEvery(.type(Echo.self)) { _, _ in seen.update { $0 += 1 } }
      let delayer = saga.takeEvery(.type(Trigger.self)) { worker, _ in
        try await worker.delay(.seconds(1))
        await worker.put(Echo())
      }
      await saga.put(Trigger())
      let count = seen.value
      delayer.cancel()
      counter.cancel()
      return count
    }
    #expect(try await root.value == 0)
    withExtendedLifetime((store, clock)) {}
  }

  @Test("a put's action is released once the put returns, while its saga waits for the next")
  func putActionReleased() async throws {
    final class Payload: Sendable {
      let released: Box<Bool>
      init(released: Box<Bool>) { self.released = released }
      deinit { released.update { $0 = true } }
    }
    struct Carrying: Action { let payload: Payload }
    // A monitor that keeps no event (the harness's recorder would keep the put's action).
    let (takes, takeStarted) = AsyncStream.makeStream(of: Void.self)
    let sagas = SagaMiddleware<TestState>(monitor: { event in
      if case .take = event.effect, case .started = event.phase { takeStarted.yield() }
    })
    let store = Store(
      initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
    let released = Box(false)
    let saga = sagas.run("putter") { saga in
      await saga.put(Carrying(payload: Payload(released: released)))
      // Waits here, long after its put: the action it put is not the saga's to keep.
      _ = try await saga.take(Ping.self)
    }
    var started = takes.makeAsyncIterator()
    _ = await started.next()
    #expect(released.value)
    store.dispatch(Ping())
    try await saga.value
  }
}

// Rule 2 (docs/sagas.md, "The putting saga misses nothing"): the actions reduced while a saga's
// put was processed reach the takes that saga makes right after the put, in order, as in
// redux-saga, where the put resumes before the actions its reduction caused reach the sagas.

/// A store with the sagas' middleware whose subscriber dispatches `actions` once, the first
/// time the state's count is 1 (after the saga's `put(Add())`).
private func storeDispatchingOnFirstAdd(
  _ actions: [any Action]
) -> (Store<TestState>, SagaMiddleware<TestState>, Subscription) {
  let sagas = SagaMiddleware<TestState>()
  let store = Store(
    initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
  let hasFired = Box(false)
  let subscription = store.subscribe { [weak store] state in
    guard state.count == 1, let store else { return }
    var isFirst = false
    hasFired.update { fired in
      isFirst = !fired
      fired = true
    }
    guard isFirst else { return }
    for action in actions { store.dispatch(action) }
  }
  return (store, sagas, subscription)
}

@Suite("the putting saga misses nothing", .timeLimit(.minutes(1)))
struct PutterMissesNothingTests {
  @Test("a take right after a put gets the action a subscriber dispatched during the put")
  func takeAfterPut() async throws {
    let (store, sagas, subscription) = storeDispatchingOnFirstAdd([Ping(id: 7)])
    let root = sagas.run("putter") { saga in
      await saga.put(Add())
      return try await saga.take(Ping.self).id
    }
    #expect(try await root.value == 7)
    subscription.cancel()
    withExtendedLifetime(store) {}
  }

  @Test("races entered right after a put get each action dispatched during the put, in order")
  func raceAfterPut() async throws {
    let (store, sagas, subscription) = storeDispatchingOnFirstAdd([Ping(id: 1), Request(id: 2)])
    let root = sagas.run("putter") { saga in
      await saga.put(Add())
      var seen: [String] = []
      for _ in 0..<2 {
        let (ping, request) = try await saga.race(
          { try await saga.take(Ping.self) }, { try await saga.take(Request.self) })
        if ping != nil { seen.append("a") }
        if request != nil { seen.append("b") }
      }
      return seen
    }
    #expect(try await root.value == ["a", "b"])
    subscription.cancel()
    withExtendedLifetime(store) {}
  }

  @Test("the put's own action does not reach the take after it, and unmatched ones are skipped")
  func ownActionNotReplayed() async throws {
    let (store, sagas, subscription) = storeDispatchingOnFirstAdd([
      Request(id: 1), Ping(id: 2), Ping(id: 3),
    ])
    let root = sagas.run("putter") { saga in
      await saga.put(Add())
      // Add is the put's own: a take of Add waits for the next one.
      let first = try await saga.take(where: { $0.as(Add.self) != nil || $0.as(Ping.self) != nil })
      let second = try await saga.take(Ping.self)
      return ["\(first)", "\(second)"]
    }
    #expect(try await root.value == ["Ping(id: 2)", "Ping(id: 3)"])
    subscription.cancel()
    withExtendedLifetime(store) {}
  }

  @Test("actions dispatched during a put are not replayed to a saga that waits on something else")
  func notReplayedAfterOtherWait() async throws {
    let harness = Harness()
    let hasFired = Box(false)
    let subscription = harness.store.subscribe { [weak store = harness.store] state in
      guard state.count == 1, let store, !hasFired.value else { return }
      hasFired.update { $0 = true }
      store.dispatch(Ping(id: 1))
    }
    let root = harness.sagas.run("putter") { saga in
      await saga.put(Add())
      // Not a take: Ping(id: 1) passes meanwhile, as it would in redux-saga.
      try await saga.delay(.seconds(1))
      return try await saga.take(Ping.self).id
    }
    await harness.clock.waitForSleepers()
    harness.clock.advance(by: .seconds(1))
    await harness.dispatch(Ping(id: 2), of: "Ping")
    #expect(try await root.value == 2)
    subscription.cancel()
  }
}
