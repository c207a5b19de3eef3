import ReduxCore
import ReduxSaga
import Testing

@Suite("supervise", .timeLimit(.minutes(1)))
struct SuperviseTests {
  @Test("a failing saga restarts up to the limit after each backoff, reporting each failure")
  func restartsUpToTheLimit() async throws {
    let harness = Harness()
    let runs = Box(0)
    let policy = RestartPolicy(maxRestarts: 2, backoff: .seconds(1), multiplier: 2)
    let root = harness.sagas.run("root") { saga in
      try await saga.supervise("worker", restarting: policy) { _ in
        runs.update { $0 += 1 }
        throw TestError(message: "run \(runs.value)")
      }
    }
    await harness.clock.waitForSleepers()
    #expect(runs.value == 1)
    harness.clock.advance(by: .milliseconds(999))
    #expect(runs.value == 1)
    harness.clock.advance(by: .milliseconds(1))
    await runs.wait { $0 == 2 }
    await harness.clock.waitForSleepers()
    harness.clock.advance(by: .seconds(2))

    let result = await root.result
    #expect(throws: TestError(message: "run 3")) { try result.get() }
    #expect(runs.value == 3)
    let delays = harness.probe.started.filter { $0.hasPrefix("delay") }
    #expect(delays == ["delay(1.0 seconds)", "delay(2.0 seconds)"])
    // Two restarts reported by supervise, then the root's own failure, as without it.
    let errors = harness.probe.errors
    #expect(
      errors.map { "\($0.error)" } == [
        "\(TestError(message: "run 1"))",
        "\(TestError(message: "run 2"))", "\(TestError(message: "run 3"))",
      ])
    #expect(errors.map(\.sagaStack) == [["root", "worker"], ["root", "worker"], ["root"]])
  }

  @Test("a supervised watcher keeps taking actions after its worker fails")
  func watcherSurvivesWorkerFailure() async throws {
    let harness = Harness()
    let handled = Box<[Int]>([])
    let root = harness.sagas.run("root") { saga in
      try await saga.supervise("watch", restarting: RestartPolicy(maxRestarts: 1)) { watcher in
        watcher.takeEvery(.type(Request.self), name: "requests") { _, request in
          guard request.id != 1 else { throw TestError(message: "request 1") }
          handled.update { $0.append(request.id) }
        }
        // Tells the test that this run of the watcher is registered.
        _ = try await watcher.take(Stop.self)
      }
    }
    await harness.dispatch(Request(id: 0), of: "Stop")
    harness.store.dispatch(Request(id: 1))
    // The restarted watcher registers its own take: the second in total.
    await harness.dispatch(Request(id: 2), afterTakes: 2, of: "Stop")
    await handled.wait { $0 == [0, 2] }
    #expect(
      harness.probe.errors.map(\.sagaStack) == [["root", "watch", "requests", "requests worker"]])
    root.cancel()
    _ = await root.result
    #expect(handled.value == [0, 2])
  }

  @Test("a supervised saga that returns is not restarted and gives its value")
  func returnsTheValue() async throws {
    let harness = Harness()
    let runs = Box(0)
    let root = harness.sagas.run("root") { saga in
      try await saga.supervise(restarting: RestartPolicy(maxRestarts: 3)) { _ in
        runs.update { $0 += 1 }
        if runs.value < 2 { throw TestError() }
        return runs.value * 10
      }
    }
    #expect(try await root.value == 20)
    #expect(runs.value == 2)
    #expect(harness.probe.errors.count == 1)
  }

  @Test("a cancelled supervisor stops restarting, also during its backoff")
  func cancelStopsRestarts() async throws {
    let harness = Harness()
    let runs = Box(0)
    let root = harness.sagas.run("root") { saga in
      try await saga.supervise(restarting: RestartPolicy(maxRestarts: 5, backoff: .seconds(1))) {
        _ in
        runs.update { $0 += 1 }
        throw TestError()
      }
    }
    await harness.clock.waitForSleepers()
    root.cancel()
    let result = await root.result
    #expect(throws: CancellationError.self) { try result.get() }
    harness.clock.advance(by: .seconds(10))
    #expect(runs.value == 1)
    #expect(harness.probe.errors.count == 1)
  }

  @Test("the backoff grows by the multiplier up to the maximum")
  func backoffGrows() {
    let policy = RestartPolicy(
      maxRestarts: 5, backoff: .seconds(1), multiplier: 3, maximumBackoff: .seconds(5))
    #expect(
      (1...4).map(policy.delay(beforeRestart:)) == [
        .seconds(1), .seconds(3), .seconds(5), .seconds(5),
      ])
  }
}
