import Logging
import ReduxCore
import ReduxSaga
import Testing

// redux-saga's ordering rules (issue 10), one test or more per rule. Most assert right after a
// synchronous `dispatch`, `run` or `cancel` returns: what the rule says must have happened
// inside that call. A saga left waiting by a broken rule is cancelled so the test ends.

@Suite("saga scheduler: redux-saga's ordering")
struct SagaSchedulerTests {
  // MARK: 1. No missed actions in a take loop

  @Test("rule 1: a take loop sees every action, also two dispatched back to back")
  func takeLoopMissesNothing() async throws {
    let harness = Harness()
    let task = harness.sagas.run("loop") { saga in
      while true {
        let ping = try await saga.take(Ping.self)
        await saga.put(Add(amount: ping.id))
      }
    }
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Ping(id: 10))
    #expect(harness.store.state.count == 11)
    task.cancel()
    _ = await task.result
  }

  @Test("rule 1: a resumed saga runs inside the dispatch up to its next wait")
  func resumedSagaRunsInsideDispatch() async throws {
    let harness = Harness()
    let steps = Box<[String]>([])
    let task = harness.sagas.run("steps") { saga in
      _ = try await saga.take(Ping.self)
      steps.update { $0.append("took") }
      try await saga.delay(.seconds(1))
      steps.update { $0.append("slept") }
    }
    harness.store.dispatch(Ping())
    #expect(steps.value == ["took"])
    task.cancel()
    _ = await task.result
  }

  // MARK: 2. Puts are scheduled as redux-saga's are

  @Test("rule 2: a fork's put reaches the take its parent makes right after the fork")
  func forkPutReachesParentTake() async throws {
    let harness = Harness()
    let task = harness.sagas.run("parent") { saga in
      try saga.fork("child") { child in await child.put(Ping(id: 7)) }
      return try await saga.take(Ping.self)
    }
    #expect(!task.isRunning)
    if task.isRunning { task.cancel() }
    #expect(try await task.result.get() == Ping(id: 7))
  }

  @Test("rule 2: a grandchild's put reaches its parent's next take")
  func grandchildPutReachesParent() async throws {
    let harness = Harness()
    let task = harness.sagas.run("root") { saga in
      let child = try saga.fork("child") { child in
        try child.fork("grandchild") { grandchild in await grandchild.put(Ping(id: 3)) }
        return try await child.take(Ping.self)
      }
      return try await saga.join(child)
    }
    #expect(!task.isRunning)
    if task.isRunning { task.cancel() }
    #expect(try await task.result.get() == Ping(id: 3))
  }

  @Test("rule 2: a put by one branch of all reaches a takeEvery a later branch starts")
  func allBranchPutReachesSiblingHelper() async throws {
    let harness = Harness()
    let selected = Box<Int?>(nil)  // the branches ended
    let task = harness.sagas.run("root") { saga in
      _ = try await saga.all(
        {
          // Held until both branches have reached their first wait.
          await saga.put(Ping(id: 4))
          return 1
        },
        {
          saga.takeEvery(.type(Ping.self)) { worker, ping in await worker.put(Add(amount: ping.id))
          }
          return 0
        })
      selected.update { $0 = 1 }
    }
    #expect(harness.store.state.count == 4)
    #expect(selected.value == 1)
    task.cancel()
    _ = await task.result
  }

  @Test("rule 2: after put returns, the action has been reduced, also inside a dispatch")
  func putIsReducedWhenItReturns() async throws {
    let harness = Harness()
    let seen = Box<[Int]>([])
    let task = harness.sagas.run("root") { saga in
      saga.takeEvery(.type(Ping.self)) { worker, _ in
        await worker.put(Add(amount: 5))
        let count = worker.select(\.count)
        seen.update { $0.append(count) }
      }
      _ = try await saga.take(Stop.self)
    }
    harness.store.dispatch(Ping())
    harness.store.dispatch(Ping())
    #expect(seen.value == [5, 10])
    task.cancel()
    _ = await task.result
  }

  // MARK: 3. Race losers are withdrawn at once

  @Test("rule 3: a race's losing take never swallows the next action")
  func raceLoserTakesNothing() async throws {
    let harness = Harness()
    let task = harness.sagas.run("racer") { saga in
      let (ping, _) = try await saga.race(
        { try await saga.take(Ping.self) }, { try await saga.take(Stop.self) })
      _ = try await saga.take(Stop.self)
      return ping
    }
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Stop())
    #expect(!task.isRunning)
    if task.isRunning { task.cancel() }
    #expect(try await task.result.get() == Ping(id: 1))
  }

  @Test("rule 3: a race over two buffered action channels takes from the winner's only")
  func raceOverBufferedChannels() async throws {
    let harness = Harness()
    let task = harness.sagas.run("racer") { saga in
      let pings = saga.actionChannel(Ping.self)
      let requests = saga.actionChannel(Request.self)
      _ = try await saga.take(Stop.self)
      let (ping, request) = try await saga.race(
        { try await pings.take() }, { try await requests.take() })
      return (ping, request, requests.flush())
    }
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Request(id: 2))
    harness.store.dispatch(Stop())
    let (ping, request, left) = try await task.value
    #expect(ping == Ping(id: 1))
    #expect(request == nil)
    #expect(left == [Request(id: 2)])
  }

  // MARK: 4. Deterministic cancellation order

  @Test("rule 4: a cancelled saga's cleanup runs first, then its forks' in fork order, every time")
  func cancellationOrder() async throws {
    for _ in 0..<100 {
      let harness = Harness()
      let order = Box<[String]>([])
      @Sendable func blocked(_ name: String, _ saga: SagaContext<TestState>) async throws {
        try await waitRecordingCleanup(name, saga, in: order)
      }
      let root = harness.sagas.run("root") { saga in
        for name in ["a", "b", "c"] {
          try saga.fork(name) { try await blocked($0.sagaStack.last ?? name, $0) }
        }
        try await blocked("root", saga)
      }
      root.cancel()
      #expect(order.value == ["root", "a", "b", "c"])
      _ = await root.result
      #expect(order.value == ["root", "a", "b", "c"])
    }
  }

  // MARK: 5. A saga whose own body throws

  @Test("rule 5: a body that throws cancels its forks, then fails once with its saga stack")
  func bodyErrorCancelsForks() async throws {
    let harness = Harness()
    let forkCancelled = Box(false)
    let root = harness.sagas.run("root") { saga in
      try saga.fork("waiter") { waiter in
        do {
          _ = try await waiter.take(Stop.self)
        } catch {
          forkCancelled.update { $0 = waiter.isCancelled }
          throw error
        }
      }
      _ = try await saga.take(Ping.self)
      throw TestError(message: "body")
    }
    harness.store.dispatch(Ping())
    #expect(!root.isRunning)
    if root.isRunning { root.cancel() }
    await #expect(throws: TestError(message: "body")) { try await root.value }
    #expect(forkCancelled.value)
    #expect(harness.probe.errors.map(\.sagaStack) == [["root"]])
  }

  // MARK: 6. An error thrown by a fork's cleanup

  @Test(
    "rule 6: an error a fork's cleanup throws while cancelled fails the root and reaches onError")
  func cleanupErrorIsNotSwallowed() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      try saga.fork("child") { child in
        do {
          _ = try await child.take(Stop.self)
        } catch {
          throw TestError(message: "cleanup")
        }
      }
      _ = try await saga.take(Stop.self)
    }
    root.cancel()
    await #expect(throws: TestError(message: "cleanup")) { try await root.value }
    await harness.probe.waitForErrors(1)
    #expect(harness.probe.errors.map(\.sagaStack) == [["root", "child"]])
  }

  // MARK: 7. A saga that cancels itself and returns

  @Test("rule 7: a saga that cancels itself and returns ends cancelled for join and value")
  func selfCancelledSagaEndsCancelled() async throws {
    let harness = Harness()
    let joined = Box<String>("")
    let root = harness.sagas.run("root") { saga in
      let child = try saga.fork("quitter") { quitter in
        quitter.cancel()
        return 5
      }
      do {
        _ = try await saga.join(child)
        joined.update { $0 = "value" }
      } catch {
        joined.update { $0 = error is CancellationError ? "cancelled" : "\(error)" }
      }
    }
    try await root.value
    #expect(joined.value == "cancelled")

    let quitter = harness.sagas.run("quitter") { saga in
      saga.cancel()
      return 5
    }
    await #expect(throws: CancellationError.self) { try await quitter.value }
    #expect(harness.probe.errors.isEmpty)
  }

}
