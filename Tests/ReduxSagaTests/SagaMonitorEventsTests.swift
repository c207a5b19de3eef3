import ReduxCore
import ReduxSaga
import Testing

/// One monitor event as `phase effect [saga stack]`.
private func line(_ event: SagaMonitorEvent) -> String {
  let phase =
    switch event.phase {
    case .started: "started"
    case .resolved: "resolved"
    case .rejected: "rejected"
    case .cancelled: "cancelled"
    }
  return "\(phase) \(event.effect) [\(event.sagaStack.joined(separator: " > "))]"
}

@Suite("monitor events for roots, actions and select", .timeLimit(.minutes(1)))
struct SagaMonitorEventsTests {
  @Test("the monitor hears a root start, its select, and each action reaching the sagas")
  func rootSelectAndAction() async throws {
    let harness = Harness(state: TestState(count: 2))
    let task = harness.sagas.run("root") { saga in
      let before = saga.select(\.count)
      _ = try await saga.take(Ping.self)
      return before
    }
    harness.store.dispatch(Ping(id: 1))
    #expect(try await task.value == 2)
    #expect(
      harness.probe.events.map(line) == [
        "started rootSaga(root) [root]",
        "started select [root]",
        "resolved select [root]",
        "started take(Ping) [root]",
        "resolved actionDispatched(Ping(id: 1)) []",
        "resolved take(Ping) [root]",
      ])
  }

  @Test("a selector's error is reported as a rejected select")
  func rejectedSelect() async throws {
    let harness = Harness()
    let task = harness.sagas.run("root") { saga in
      try saga.select { _ -> Int in throw TestError() }
    }
    await #expect(throws: TestError()) { try await task.value }
    #expect(
      harness.probe.events.map(line) == [
        "started rootSaga(root) [root]", "started select [root]", "rejected select [root]",
      ])
  }

  @Test("with an emitter, the monitor hears the action as dispatched, once, before its parts")
  func actionBeforeEmitter() async throws {
    let events = Box<[String]>([])
    let sagas = SagaMiddleware<TestState>(
      monitor: { event in events.update { $0.append(line(event)) } },
      emitter: { action, emit in
        if action.as(Stop.self) != nil { emit(Ping(id: 1)) }
      })
    let store = Store(
      initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
    let task = sagas.run("root") { saga in try await saga.take(Ping.self).id }
    store.dispatch(Stop())
    #expect(try await task.value == 1)
    #expect(
      events.value == [
        "started rootSaga(root) [root]",
        "started take(Ping) [root]",
        "resolved actionDispatched(Stop()) []",
        "resolved take(Ping) [root]",
      ])
  }

  @Test("runSaga reports its root start, each action sent to its input, and select")
  func runSagaEvents() async throws {
    let events = Box<[String]>([])
    let input = SagaInput()
    let task = runSaga(
      "loader", input: input, getState: { TestState(count: 4) },
      monitor: { event in events.update { $0.append(line(event)) } },
      saga: { saga in
        _ = try await saga.take(Ping.self)
        return saga.select(\.count)
      })
    input.send(Ping(id: 3))
    #expect(try await task.value == 4)
    #expect(
      events.value == [
        "started rootSaga(loader) [loader]",
        "started take(Ping) [loader]",
        "resolved actionDispatched(Ping(id: 3)) []",
        "resolved take(Ping) [loader]",
        "started select [loader]",
        "resolved select [loader]",
      ])
  }
}
