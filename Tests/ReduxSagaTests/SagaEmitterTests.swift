import ReduxCore
import ReduxSaga
import Testing

/// Several actions dispatched as one.
private struct Batch: Action {
  var actions: [any Action]
}

/// A store whose sagas see the parts of each batch, and nothing of `Add`.
private func makeStore() -> (Store<TestState>, SagaMiddleware<TestState>) {
  let sagas = SagaMiddleware<TestState>(emitter: { action, emit in
    if let batch = action.as(Batch.self) {
      for part in batch.actions { emit(part) }
    } else if action.as(Add.self) == nil {
      emit(action)
    }
  })
  let store = Store(initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
  return (store, sagas)
}

@Suite("a saga emitter", .timeLimit(.minutes(1)))
struct SagaEmitterTests {
  @Test("a take loop sees each part of a batch, in order, and not the batch")
  func batchUnpackedInOrder() async throws {
    let (store, sagas) = makeStore()
    let root = sagas.run("root") { saga in
      var seen: [String] = []
      while seen.count < 4 { seen.append("\(try await saga.take(where: { _ in true }))") }
      return seen
    }
    store.dispatch(Batch(actions: [Ping(id: 1), Request(id: 2), Ping(id: 3)]))
    store.dispatch(Ping(id: 4))
    #expect(
      try await root.value == [
        "Ping(id: 1)", "Request(id: 2)", "Ping(id: 3)", "Ping(id: 4)",
      ])
  }

  @Test("an action the emitter drops is reduced but never reaches the sagas")
  func actionDropped() async throws {
    let (store, sagas) = makeStore()
    let root = sagas.run("root") { saga in
      try await saga.take(where: { $0.as(Add.self) != nil || $0.as(Ping.self) != nil })
    }
    store.dispatch(Add(amount: 5))
    store.dispatch(Ping(id: 1))
    #expect(try await root.value.as(Ping.self) == Ping(id: 1))
    #expect(store.state.count == 5)
  }

  @Test("takeEvery forks a worker for each part of a batch, in order")
  func takeEverySeesTheParts() async throws {
    let (store, sagas) = makeStore()
    let seen = Box<[Int]>([])
    let batches = Box(0)
    sagas.run("root") { saga in
      saga.takeEvery(.type(Ping.self)) { _, ping in seen.update { $0.append(ping.id) } }
      saga.takeEvery(.type(Batch.self)) { _, _ in batches.update { $0 += 1 } }
    }
    store.dispatch(Batch(actions: [Ping(id: 1), Ping(id: 2)]))
    store.dispatch(Batch(actions: [Ping(id: 3)]))
    #expect(seen.value == [1, 2, 3])
    #expect(batches.value == 0)
  }
}

@Suite("a saga emitter's batch", .timeLimit(.minutes(1)))
struct SagaEmitterBatchTests {
  @Test("each emitted action, and the puts its sagas make, are handled before the next")
  func batchPartsOneAtATime() async throws {
    let log = Box<[String]>([])
    let sagas = SagaMiddleware<TestState>(emitter: { action, emit in
      if let batch = action.as(Batch.self) {
        for part in batch.actions { emit(part) }
      } else {
        emit(action)
      }
    })
    let logging = Middleware<TestState> { _, action, next in
      if let ping = action.as(Ping.self) { log.update { $0.append("R ping \(ping.id)") } }
      next(action)
    }
    let store = Store(
      initialState: TestState(), reducer: testReducer, middleware: [logging, sagas.middleware])
    sagas.run("root") { saga in
      saga.takeEvery(.type(Request.self)) { worker, request in
        log.update { $0.append("S request \(request.id)") }
        await worker.put(Ping(id: request.id))
      }
      saga.takeEvery(.type(Ping.self)) { _, ping in log.update { $0.append("S ping \(ping.id)") } }
    }
    store.dispatch(Batch(actions: [Request(id: 1), Request(id: 2)]))
    await log.wait(until: { $0.count == 6 })
    #expect(
      log.value == [
        "S request 1", "R ping 1", "S ping 1", "S request 2", "R ping 2", "S ping 2",
      ])
  }
}
