import ReduxCore
import ReduxSaga
import Testing

@Suite("SagaMiddleware")
struct SagaMiddlewareTests {
  @Test("a saga run right after the store is created can put and select before any dispatch")
  func putAndSelectBeforeFirstAction() async throws {
    let harness = Harness()
    let count = try await harness.sagas.run("start") { saga in
      await saga.put(Add(amount: 2))
      return saga.select(\.count)
    }.value
    #expect(count == 2)
    #expect(harness.store.state.count == 2)
  }

  @Test("take sees an action after the reducer, so select reads the state that includes it")
  func takeSeesReducedState() async throws {
    let harness = Harness()
    let task = harness.sagas.run("reader") { saga in
      let add = try await saga.take(Add.self)
      return (add.amount, saga.select { $0.count })
    }
    await harness.dispatch(Add(amount: 5), of: "Add")
    let (amount, count) = try await task.value
    #expect(amount == 5)
    #expect(count == 5)
  }

  @Test(
    "an error in a root saga goes to onError with its saga stack; the store and other roots keep running"
  )
  func rootErrorIsReported() async throws {
    let harness = Harness()
    let survivor = harness.sagas.run("survivor") { saga in try await saga.take(Ping.self) }
    harness.sagas.run("root") { saga in
      try await saga.fork("child") { child in
        try await child.fork("grandchild") { _ in throw TestError() }.value
      }.value
    }
    await harness.probe.waitForErrors(1)
    let report = try #require(harness.probe.errors.first)
    #expect(report.error as? TestError == TestError())
    #expect(report.sagaStack == ["root", "child", "grandchild"])
    #expect(report.description.contains("at grandchild"))

    await harness.dispatch(Ping(id: 7), of: "Ping")
    #expect(try await survivor.value == Ping(id: 7))
    harness.store.dispatch(Add())
    #expect(harness.store.state.count == 1)
  }

  @Test("releasing the store cancels running sagas and leaves no retain cycle")
  func releasingTheStoreCancelsSagas() async throws {
    weak var weakStore: Store<TestState>?
    let probe = Probe()
    let sagas = SagaMiddleware<TestState>(monitor: { probe.record($0) })
    let task: SagaTask<Void>
    do {
      let store = Store(
        initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
      weakStore = store
      task = sagas.run("waiter") { saga in
        _ = try await saga.take(Ping.self)
      }
      await probe.waitForTakes(of: "Ping")
    }
    #expect(weakStore == nil)
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(task.isCancelled)
    #expect(!task.isRunning)
    let late = sagas.run("late") { saga in try await saga.call("never") { 1 } }
    await #expect(throws: CancellationError.self) { try await late.value }
  }

  @Test("a middleware copy that never reaches a store does not stop the sagas")
  func unusedMiddlewareCopyIsHarmless() async throws {
    let harness = Harness()
    _ = harness.sagas.middleware
    let value = try await harness.sagas.run("after") { saga in saga.select(\.count) + 1 }.value
    #expect(value == 1)
  }

  @Test("a Saga subclass runs through its overridden run method")
  func classForm() async throws {
    final class Counter: Saga<TestState> {
      override func run(_ context: SagaContext<TestState>) async throws {
        let add = try await context.take(Add.self)
        await context.put(Response(id: add.amount))
      }
    }
    let harness = Harness()
    let task = harness.sagas.run(Counter())
    #expect(task.name == "Counter")
    await harness.dispatch(Add(amount: 3), of: "Add")
    try await task.value
    #expect(harness.store.state.log == ["response 3"])
  }

  @Test("a task handle reports running, and cancel stops the saga")
  func taskHandle() async throws {
    let harness = Harness()
    let task = harness.sagas.run("waiter") { saga in try await saga.take(Ping.self) }
    await harness.probe.waitForTakes(of: "Ping")
    #expect(task.isRunning)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(!task.isRunning)
    #expect(task.isCancelled)
    #expect(harness.probe.errors.isEmpty)
  }

  @Test("await store.send(...).finish() waits for the saga work the action started, and no longer")
  func sendAwaitsSagaWork() async throws {
    let harness = Harness()
    let gate = Box(false)
    let root = harness.sagas.run("root") { saga in
      while true {
        let request = try await saga.take(Request.self)
        try saga.fork("reply") { reply in
          try await reply.call("fetch") { await gate.wait { $0 } }
          await reply.put(Response(id: request.id))
        }
      }
    }
    let task = await harness.store.send(Request(id: 1))
    #expect(!task.isFinished)
    gate.update { $0 = true }
    await task.finish()
    #expect(harness.store.state.log == ["response 1"])
    #expect(task.isFinished)
    // The loop waits in take again: that is not work in flight.
    #expect(await harness.store.send(Ping()).isFinished)
    root.cancel()
    _ = await root.result
  }

  @Test("saga work ends on errors and cancellation too, so send(...).finish() never hangs")
  func workEndsOnErrorAndCancellation() async throws {
    let harness = Harness()
    let gate = Box(false)
    let failing = harness.sagas.run("failing") { saga in
      _ = try await saga.take(Request.self)
      try await saga.call("fetch") { await gate.wait { $0 } }
      throw TestError(message: "after the call")
    }
    let slow = harness.sagas.run("slow") { saga in
      _ = try await saga.take(Ping.self)
      try await saga.delay(.seconds(60))
    }
    let failed = await harness.store.send(Request())
    let cancelled = await harness.store.send(Ping())
    #expect(!failed.isFinished)
    #expect(!cancelled.isFinished)
    gate.update { $0 = true }
    await failed.finish()
    slow.cancel()
    await cancelled.finish()
    await #expect(throws: TestError(message: "after the call")) { try await failing.value }
    await #expect(throws: CancellationError.self) { try await slow.value }
  }
}
