import ReduxCore
import ReduxSaga
import Testing

@Suite("monitor")
struct SagaMonitorTests {
  @Test("the monitor sees effects start and resolve, in order, with the saga stack")
  func startedAndResolved() async throws {
    let harness = Harness()
    try await harness.sagas.run("root") { saga in
      await saga.put(Add())
      _ = try await saga.call("fetch") { 1 }
      try await saga.fork("child") { child in try await child.delay(.zero) }.value
    }.value
    #expect(
      harness.probe.started == [
        "rootSaga(root)", "put(Add(amount: 1))", "call(fetch)", "fork(child)",
        "delay(0.0 seconds)",
      ])
    let resolved = harness.probe.events.filter {
      if case .resolved = $0.phase { return true } else { return false }
    }
    // The four effects, and the put's action reaching the sagas.
    #expect(resolved.count == 5)
    let delay = try #require(
      harness.probe.events.first { $0.effect.description.hasPrefix("delay") })
    #expect(delay.sagaStack == ["root", "child"])
  }

  @Test("the monitor sees effects rejected and cancelled")
  func rejectedAndCancelled() async throws {
    let harness = Harness()
    let task = harness.sagas.run("root") { saga in
      _ = try? await saga.call("bad") { () async throws -> Int in throw TestError() }
      _ = try await saga.take(Ping.self)
    }
    await harness.probe.waitForTakes(of: "Ping")
    task.cancel()
    _ = await task.result
    let phases = harness.probe.events.map { event -> String in
      switch event.phase {
      case .started: "started \(event.effect)"
      case .resolved: "resolved \(event.effect)"
      case .rejected: "rejected \(event.effect)"
      case .cancelled: "cancelled \(event.effect)"
      }
    }
    #expect(
      phases == [
        "started rootSaga(root)", "started call(bad)", "rejected call(bad)",
        "started take(Ping)", "cancelled take(Ping)",
      ])
  }

  @Test("a predicate take is described by its name, so a test can wait until a saga is on it")
  func predicateTakeIsDescribed() async throws {
    let harness = Harness()
    let task = harness.sagas.run("taker") { saga in
      try await saga.take("even ping") { ($0 as? Ping)?.id.isMultiple(of: 2) == true }
    }
    await harness.probe.waitForTakes(of: "even ping")
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Ping(id: 2))
    #expect(try await task.value as? Ping == Ping(id: 2))
    #expect(harness.probe.started == ["rootSaga(taker)", "take(even ping)"])
  }
}
