import ReduxCore
import ReduxSaga
import Testing

@Suite("takeEvery, takeLatest, takeLeading, throttle and debounce")
struct HelperTests {
  @Test("takeEvery runs a worker for every action, even actions dispatched back to back")
  func takeEveryRunsAll() async throws {
    let harness = Harness()
    let seen = Box<[Int]>([])
    let root = harness.sagas.run("root") { saga in
      _ = saga.takeEvery(.type(Request.self)) { worker, request in
        _ = try await worker.take(Stop.self)
        seen.update { $0.append(request.id) }
      }
    }
    for id in 1...5 { harness.store.dispatch(Request(id: id)) }
    await harness.dispatch(Stop(), afterTakes: 5, of: "Stop")
    harness.store.dispatch(END())
    try await root.value
    #expect(seen.value.sorted() == [1, 2, 3, 4, 5])
  }

  @Test("takeLatest with 100 rapid actions runs the worker to completion once and cancels 99")
  func takeLatestCancelsPrevious() async throws {
    let harness = Harness()
    let completed = Box<[Int]>([])
    let cancelled = Box(0)
    let root = harness.sagas.run("root") { saga in
      _ = saga.takeLatest(.type(Request.self)) { worker, request in
        do {
          try await worker.delay(.seconds(1))
          completed.update { $0.append(request.id) }
        } catch is CancellationError {
          cancelled.update { $0 += 1 }
        }
      }
    }
    for id in 1...100 { harness.store.dispatch(Request(id: id)) }
    await cancelled.wait { $0 == 99 }
    await harness.clock.waitForSleepers(1)
    harness.clock.advance(by: .seconds(1))
    await completed.wait { $0.count == 1 }
    harness.store.dispatch(END())
    try await root.value
    #expect(completed.value == [100])
    #expect(cancelled.value == 99)
  }

  @Test("takeLeading ignores actions while its worker runs")
  func takeLeadingIgnoresWhileBusy() async throws {
    let harness = Harness()
    let handled = Box<[Int]>([])
    let root = harness.sagas.run("root") { saga in
      _ = saga.takeLeading(.type(Request.self)) { worker, request in
        handled.update { $0.append(request.id) }
        _ = try await worker.take(Stop.self)
      }
    }
    harness.store.dispatch(Request(id: 1))
    harness.store.dispatch(Request(id: 2))
    harness.store.dispatch(Request(id: 3))
    await harness.dispatch(Stop(), of: "Stop")
    harness.store.dispatch(END())
    try await root.value
    #expect(handled.value == [1])
  }

  @Test("helpers are registered when they return, so an action dispatched next is handled")
  func helpersRegisterAtOnce() async throws {
    let harness = Harness()
    let handled = Box<[Int]>([])
    let root = harness.sagas.run("root") { saga in
      _ = saga.takeEvery(.type(Request.self)) { _, request in
        handled.update { $0.append(request.id) }
      }
    }
    harness.store.dispatch(Request(id: 1))
    harness.store.dispatch(END())
    try await root.value
    #expect(handled.value == [1])
  }

  @Test("takeLatest(by:) cancels only the running worker with the same key")
  func takeLatestByKey() async throws {
    let harness = Harness()
    let completed = Box<[Int]>([])
    let cancelled = Box<[Int]>([])
    let root = harness.sagas.run("root") { saga in
      _ = saga.takeLatest(.type(Request.self), by: { $0.id % 2 }) { worker, request in
        do {
          try await worker.delay(.seconds(1))
          completed.update { $0.append(request.id) }
        } catch is CancellationError {
          cancelled.update { $0.append(request.id) }
        }
      }
    }
    for id in [1, 2, 3, 4, 5] { harness.store.dispatch(Request(id: id)) }
    await cancelled.wait { $0.count == 3 }
    await harness.clock.waitForSleepers(2)
    harness.clock.advance(by: .seconds(1))
    await completed.wait { $0.count == 2 }
    harness.store.dispatch(END())
    try await root.value
    #expect(completed.value.sorted() == [4, 5])
    #expect(cancelled.value.sorted() == [1, 2, 3])
  }

  @Test("takeLeading(by:) ignores an action only while a worker with the same key runs")
  func takeLeadingByKey() async throws {
    let harness = Harness()
    let started = Box<[Int]>([])
    let root = harness.sagas.run("root") { saga in
      _ = saga.takeLeading(.type(Request.self), by: { $0.id % 2 }) { worker, request in
        started.update { $0.append(request.id) }
        try await worker.delay(.seconds(1))
      }
    }
    for id in [1, 2, 3, 4] { harness.store.dispatch(Request(id: id)) }
    await harness.clock.waitForSleepers(2)
    harness.clock.advance(by: .seconds(1))
    harness.store.dispatch(END())
    try await root.value
    #expect(started.value.sorted() == [1, 2])
  }

  @Test("throttle runs the first action at once, then the latest one of each interval")
  func throttleWithClock() async throws {
    let harness = Harness()
    let handled = Box<[Int]>([])
    let root = harness.sagas.run("root") { saga in
      _ = saga.throttle(.type(Request.self), for: .seconds(1)) { _, request in
        handled.update { $0.append(request.id) }
      }
    }
    harness.store.dispatch(Request(id: 1))
    await handled.wait { $0 == [1] }
    harness.store.dispatch(Request(id: 2))
    harness.store.dispatch(Request(id: 3))
    await harness.clock.waitForSleepers(1)
    #expect(handled.value == [1])
    harness.clock.advance(by: .seconds(1))
    await handled.wait { $0 == [1, 3] }
    await harness.clock.waitForSleepers(1)
    harness.clock.advance(by: .seconds(1))
    await harness.clock.waitForSleepers(0)
    harness.store.dispatch(END())
    try await root.value
    #expect(handled.value == [1, 3])
  }

  @Test("debounce runs the worker once actions pause for the interval, with the last action")
  func debounceWithClock() async throws {
    let harness = Harness()
    let handled = Box<[Int]>([])
    let root = harness.sagas.run("root") { saga in
      _ = saga.debounce(.type(Request.self), for: .seconds(1)) { _, request in
        handled.update { $0.append(request.id) }
      }
    }
    harness.store.dispatch(Request(id: 1))
    await harness.clock.waitForSleepers(1)
    harness.clock.advance(by: .milliseconds(500))
    harness.store.dispatch(Request(id: 2))
    harness.store.dispatch(Request(id: 3))
    await harness.clock.waitForSleepers(1)
    harness.clock.advance(by: .milliseconds(999))
    #expect(handled.value.isEmpty)
    harness.clock.advance(by: .milliseconds(1))
    await handled.wait { $0 == [3] }
    harness.store.dispatch(END())
    try await root.value
    #expect(handled.value == [3])
  }

  @Test("a worker's error aborts the helper and the saga that started it")
  func workerErrorAbortsHelper() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      _ = saga.takeEvery(.type(Request.self), name: "requests") { _, _ in
        throw TestError(message: "worker")
      }
    }
    harness.store.dispatch(Request(id: 1))
    await #expect(throws: TestError(message: "worker")) { try await root.value }
    await harness.probe.waitForErrors(1)
    #expect(harness.probe.errors.map(\.sagaStack) == [["root", "requests", "requests worker"]])
  }

  @Test("cancelling a helper cancels its running workers")
  func cancellingHelperCancelsWorkers() async throws {
    let harness = Harness()
    let cancelled = Box(0)
    let helper = Box<SagaTask<Void>?>(nil)
    let root = harness.sagas.run("root") { saga in
      helper.update {
        $0 = saga.takeEvery(.type(Request.self)) { worker, _ in
          do { _ = try await worker.take(Stop.self) } catch { cancelled.update { $0 += 1 } }
        }
      }
    }
    harness.store.dispatch(Request(id: 1))
    harness.store.dispatch(Request(id: 2))
    await harness.probe.waitForTakes(of: "Stop", count: 2)
    helper.value?.cancel()
    try await root.value
    #expect(cancelled.value == 2)
  }

  @Test("the helpers also take a predicate")
  func predicateHelpers() async throws {
    let harness = Harness()
    let seen = Box<[String]>([])
    let isEven: @Sendable (any Action) -> Bool = { ($0 as? Ping).map { $0.id % 2 == 0 } ?? false }
    let task = harness.sagas.run("root") { saga in
      saga.takeEvery(.where(isEven)) { _, action in
        seen.update { $0.append("every \((action as? Ping)?.id ?? -1)") }
      }
      saga.takeLatest(.where(isEven)) { _, action in
        seen.update { $0.append("latest \((action as? Ping)?.id ?? -1)") }
      }
      saga.takeLeading(.where(isEven)) { _, action in
        seen.update { $0.append("leading \((action as? Ping)?.id ?? -1)") }
      }
      saga.throttle(.where(isEven), for: .seconds(1)) { _, action in
        seen.update { $0.append("throttle \((action as? Ping)?.id ?? -1)") }
      }
      saga.debounce(.where(isEven), for: .seconds(1)) { _, action in
        seen.update { $0.append("debounce \((action as? Ping)?.id ?? -1)") }
      }
    }
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Ping(id: 2))
    #expect(seen.value == ["every 2", "latest 2", "leading 2", "throttle 2"])
    await harness.clock.waitForSleepers(2)
    harness.clock.advance(by: .seconds(1))
    await seen.wait { $0.count == 5 }
    #expect(seen.value.last == "debounce 2")
    task.cancel()
    _ = await task.result
  }
}
