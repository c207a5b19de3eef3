import ReduxCore
import ReduxSaga
import Testing

@Suite("fork, spawn, join and cancel")
struct ForkTests {
  @Test("a parent finishes only after its attached forks")
  func parentWaitsForForks() async throws {
    let harness = Harness()
    let order = Box<[String]>([])
    let parent = harness.sagas.run("parent") { saga in
      try saga.fork("child") { child in
        _ = try await child.take(Ping.self)
        order.update { $0.append("child done") }
      }
      order.update { $0.append("parent body done") }
    }
    await harness.dispatch(Ping(), of: "Ping")
    try await parent.value
    #expect(order.value == ["parent body done", "child done"])
  }

  @Test(
    "a long-lived saga that forks and finishes hundreds of workers keeps its forks in order",
    .timeLimit(.minutes(1)))
  func manyFinishedForksKeepOrder() async throws {
    let harness = Harness()
    let order = Box<[String]>([])
    @Sendable func blocked(_ name: String, _ saga: SagaContext<TestState>) async throws {
      try await waitRecordingCleanup(name, saga, in: order)
    }
    let root = harness.sagas.run("root") { saga in
      try saga.fork("first") { try await blocked("first", $0) }
      // Workers that end at once leave holes behind the live forks, which get compacted.
      for round in 0..<300 {
        try saga.fork("worker \(round)") { _ in }
        if round == 150 { try saga.fork("middle") { try await blocked("middle", $0) } }
      }
      try saga.fork("last") { try await blocked("last", $0) }
      try await blocked("root", saga)
    }
    root.cancel()
    #expect(order.value == ["root", "first", "middle", "last"])
    await #expect(throws: CancellationError.self) { try await root.value }
    #expect(!root.isRunning)
  }

  @Test("cancelling the root cancels a grandchild blocked in delay")
  func cancelReachesGrandchild() async throws {
    let harness = Harness()
    let grandchildCancelled = Box(false)
    let root = harness.sagas.run("root") { saga in
      try saga.fork("child") { child in
        try child.fork("grandchild") { grandchild in
          do {
            try await grandchild.delay(.seconds(60))
          } catch {
            grandchildCancelled.update { $0 = grandchild.isCancelled }
            throw error
          }
        }
        _ = try await child.take(Stop.self)
      }
      _ = try await saga.take(Stop.self)
    }
    await harness.clock.waitForSleepers(1)
    await harness.probe.waitForTakes(of: "Stop", count: 2)
    root.cancel()
    await #expect(throws: CancellationError.self) { try await root.value }
    #expect(grandchildCancelled.value)
    #expect(harness.probe.errors.isEmpty)
  }

  @Test("a fork that throws aborts its parent and cancels its sibling")
  func failingForkAbortsParentAndSibling() async throws {
    let harness = Harness()
    let siblingCancelled = Box(false)
    let parentReachedEnd = Box(false)
    let parent = harness.sagas.run("parent") { saga in
      try saga.fork("sibling") { sibling in
        do {
          try await sibling.delay(.seconds(60))
        } catch {
          siblingCancelled.update { $0 = sibling.isCancelled }
          throw error
        }
      }
      try saga.fork("failing") { failing in
        _ = try await failing.take(Ping.self)
        throw TestError(message: "fork failed")
      }
      _ = try await saga.take(Stop.self)
      parentReachedEnd.update { $0 = true }
    }
    await harness.clock.waitForSleepers(1)
    await harness.probe.waitForTakes(of: "Stop")
    await harness.dispatch(Ping(), of: "Ping")
    await #expect(throws: TestError(message: "fork failed")) { try await parent.value }
    #expect(siblingCancelled.value)
    #expect(!parentReachedEnd.value)
    await harness.probe.waitForErrors(1)
    #expect(harness.probe.errors.map(\.sagaStack) == [["parent", "failing"]])
  }

  @Test(
    "a spawned saga is detached: cancelling its spawner leaves it running, its error goes to onError"
  )
  func spawnIsDetached() async throws {
    let harness = Harness()
    let spawned = Box<SagaTask<Ping>?>(nil)
    let parent = harness.sagas.run("parent") { saga in
      spawned.update { $0 = saga.spawn("spawned") { try await $0.take(Ping.self) } }
      _ = try await saga.take(Stop.self)
    }
    await harness.probe.waitForTakes(of: "Stop")
    await harness.probe.waitForTakes(of: "Ping")
    parent.cancel()
    await #expect(throws: CancellationError.self) { try await parent.value }
    let task = try #require(spawned.value)
    #expect(task.isRunning)
    harness.store.dispatch(Ping(id: 3))
    #expect(try await task.value == Ping(id: 3))

    let failing = harness.sagas.run("spawner") { saga in
      saga.spawn("doomed") { _ in throw TestError() }
      return "spawner finished"
    }
    #expect(try await failing.value == "spawner finished")
    await harness.probe.waitForErrors(1)
    #expect(harness.probe.errors.map(\.sagaStack) == [["spawner", "doomed"]])
  }

  @Test("join returns a fork's value, and rethrows a joined spawn's error")
  func joinResults() async throws {
    let harness = Harness()
    let value = try await harness.sagas.run("joiner") { saga in
      let task = try saga.fork("adder") { _ in 40 + 2 }
      return try await saga.join(task)
    }.value
    #expect(value == 42)

    let caught = try await harness.sagas.run("catcher") { saga in
      let task = saga.spawn("thrower") { _ -> Int in throw TestError(message: "joined") }
      do {
        _ = try await saga.join(task)
        return "no error"
      } catch {
        return "\(error)"
      }
    }.value
    #expect(caught.contains("joined"))
  }

  @Test("a saga's value reaches join, value and result whatever its type, nil included")
  func valuesOfEveryShape() async throws {
    let harness = Harness()
    let values = try await harness.sagas.run("joiner") { saga in
      let none = try saga.fork("none") { _ -> Int? in nil }
      let some = try saga.fork("some") { _ -> Int? in 7 }
      let text = try saga.fork("text") { _ in String(repeating: "long ", count: 20) }
      let pair = try saga.fork("pair") { _ in (1, "two", [3.0]) }
      let joinedNone = try await saga.join(none)
      let joinedPair = try await saga.join(pair)
      return [
        joinedNone.map(String.init) ?? "nil", try await saga.join(some).map(String.init) ?? "nil",
        "\(try await saga.join(text).count)",
        "\(joinedPair.0) \(joinedPair.1) \(joinedPair.2)",
      ]
    }.value
    #expect(values == ["nil", "7", "100", "1 two [3.0]"])

    let optional = harness.sagas.run("optional") { _ -> String? in nil }
    #expect(try await optional.value == nil)
    guard case .success(let result) = await optional.result else {
      Issue.record("the saga failed")
      return
    }
    #expect(result == nil)
  }

  @Test("END ends a saga of no value quietly, and fails a saga that owes a value")
  func endAndValues() async throws {
    let harness = Harness()
    let quiet = harness.sagas.run("quiet") { saga in _ = try await saga.take(Ping.self) }
    let owing = harness.sagas.run("owing") { saga in try await saga.take(Ping.self).id }
    harness.store.dispatch(END())
    try await quiet.value
    guard case .success = await quiet.result else {
      Issue.record("END failed a saga of no value")
      return
    }
    await #expect(throws: ChannelError.closed) { try await owing.value }
    guard case .failure(let error) = await owing.result else {
      Issue.record("a saga that owes a value returned at END")
      return
    }
    #expect(error as? ChannelError == .closed)
  }

  @Test("cancel stops a fork; the parent goes on and sees it cancelled")
  func cancelAFork() async throws {
    let harness = Harness()
    let result = try await harness.sagas.run("parent") { saga in
      let task = try saga.fork("waiter") { try await $0.take(Ping.self) }
      saga.cancel(task)
      let outcome = await task.result
      return (task.isCancelled, (try? outcome.get()) == nil)
    }.value
    #expect(result == (true, true))
    #expect(harness.probe.errors.isEmpty)
  }

  @Test(
    "1,000 concurrently forked sagas all complete, and are released afterwards",
    .timeLimit(.minutes(1)))
  func thousandForks() async throws {
    final class Token: Sendable {
      let released: Box<Int>
      init(released: Box<Int>) { self.released = released }
      deinit { released.update { $0 += 1 } }
    }
    let harness = Harness()
    let released = Box(0)
    let finished = Box(0)
    try await harness.sagas.run("root") { saga in
      for index in 0..<1_000 {
        let token = Token(released: released)
        try saga.fork("worker \(index)") { worker in
          withExtendedLifetime(token) {}
          _ = try await worker.call("work") { index * 2 }
          finished.update { $0 += 1 }
        }
      }
    }.value
    #expect(finished.value == 1_000)
    // The last worker's task lets go of its closure just after the root has seen it finish.
    await released.wait { $0 == 1_000 }
    #expect(released.value == 1_000)
  }

  @Test("a saga aborted by its fork does not count as cancelled, and knows its saga stack")
  func abortedIsNotCancelled() async throws {
    let harness = Harness()
    let seen = Box<(cancelled: Bool, stack: [String])?>(nil)
    let parent = harness.sagas.run("parent") { saga in
      try saga.fork("failing") { failing in
        _ = try await failing.take(Ping.self)
        throw TestError()
      }
      do {
        _ = try await saga.take(Stop.self)
      } catch {
        seen.update { $0 = (saga.isCancelled, saga.sagaStack) }
        throw error
      }
    }
    harness.store.dispatch(Ping())
    await #expect(throws: TestError()) { try await parent.value }
    #expect(seen.value?.cancelled == false)
    #expect(seen.value?.stack == ["parent"])
  }

  @Test("a three-way race returns the winner in its slot")
  func threeWayRace() async throws {
    let harness = Harness()
    let task = harness.sagas.run("racer") { saga in
      try await saga.race(
        { try await saga.take(Request.self) },
        { try await saga.take(Ping.self) },
        { try await saga.take(Stop.self) })
    }
    harness.store.dispatch(Ping(id: 4))
    let (request, ping, stop) = try await task.value
    #expect(request == nil)
    #expect(ping == Ping(id: 4))
    #expect(stop == nil)
  }

  @Test("cancel of several tasks cancels each, in the order given")
  func cancelSeveral() async throws {
    let harness = Harness()
    let order = Box<[String]>([])
    let root = harness.sagas.run("root") { saga in
      @Sendable func waiter(_ name: String)
        -> @Sendable (SagaContext<TestState>) async throws
        -> Int
      {
        { saga in
          do {
            _ = try await saga.take(Stop.self)
          } catch {
            order.update { $0.append(name) }
            throw error
          }
          return 0
        }
      }
      let first = try saga.fork("first", waiter("first"))
      let second = try saga.fork("second") { saga in "\(try await waiter("second")(saga))" }
      saga.cancel(second, first)
      return (first.isCancelled, second.isCancelled)
    }
    #expect(try await root.value == (true, true))
    #expect(order.value == ["second", "first"])
  }

  @Test("isAborted tells a saga stopped by its fork's error from one that failed itself")
  func isAborted() async throws {
    let harness = Harness()
    let aborted = harness.sagas.run("aborted") { saga in
      try saga.fork("failing") { failing in
        _ = try await failing.take(Ping.self)
        throw TestError()
      }
      _ = try await saga.take(Stop.self)
    }
    let failed = harness.sagas.run("failed") { saga in
      _ = try await saga.take(Ping.self)
      throw TestError()
    }
    harness.store.dispatch(Ping())
    _ = await aborted.result
    _ = await failed.result
    #expect(aborted.isAborted)
    #expect(!failed.isAborted)
  }
}
