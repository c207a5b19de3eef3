// Benchmark 6's stores and sagas, shared by ModuleBenchmarks and ModuleProfile.
//
// Every saga here starts with `SagaMiddleware.run` and relies on it running synchronously up to
// its first wait (`Task.immediate`, on Linux and Apple OS 26), so that it is registered before
// `run` returns and the benchmark's first `Ping` cannot be missed.
import ReduxCore
import ReduxSaga

/// A store whose saga answers each ``Ping`` with a ``Pong``: `take(Ping.self)`, then `put`, in a
/// loop.
///
/// Between its `put` and its next `take` the saga is not registered, and a `Ping` dispatched
/// then would be missed; so the store's monitor calls `onTakeStarted` each time the saga is
/// registered in `take` (once at start, then after each round trip), and the benchmark
/// dispatches the next `Ping` only after that.
public func makeTakeSagaStore(onTakeStarted: @escaping @Sendable () -> Void) -> Store<PingPong> {
  let sagas = SagaMiddleware<PingPong>(monitor: { event in
    if case .take = event.effect, case .started = event.phase { onTakeStarted() }
  })
  let store = Store(
    initialState: PingPong(), reducer: pingPongCountReducer, middleware: [sagas.middleware])
  sagas.run("echo") { saga in
    while true {
      _ = try await saga.take(Ping.self)
      await saga.put(Pong())
    }
  }
  return store
}

/// A store whose saga answers each ``Ping`` with a ``Pong``, taking the pings from an action
/// channel, which buffers them: none is missed, whenever it is dispatched.
public func makeChannelSagaStore() -> Store<PingPong> {
  let sagas = SagaMiddleware<PingPong>()
  let store = Store(
    initialState: PingPong(), reducer: pingPongCountReducer, middleware: [sagas.middleware])
  sagas.run("echo") { saga in
    let pings = saga.actionChannel(Ping.self)
    while true {
      _ = try await pings.take()
      await saga.put(Pong())
    }
  }
  return store
}

/// A store whose saga answers each ``Ping`` with a ``Pong`` from a `takeEvery` worker. The
/// worker starts on the dispatching thread and puts before its first wait, so the `Pong` is
/// reduced before `dispatch(Ping())` returns.
public func makeTakeEverySagaStore() -> Store<PingPong> {
  let sagas = SagaMiddleware<PingPong>()
  let store = Store(
    initialState: PingPong(), reducer: pingPongCountReducer, middleware: [sagas.middleware])
  sagas.run("echo") { saga in
    saga.takeEvery(Ping.self) { saga, _ in await saga.put(Pong()) }
  }
  return store
}

/// A store with a saga middleware and no saga yet, for ``forkTakePut(_:in:)``.
public func makeSagaStore() -> (Store<PingPong>, SagaMiddleware<PingPong>) {
  let sagas = SagaMiddleware<PingPong>()
  let store = Store(
    initialState: PingPong(), reducer: pingPongCountReducer, middleware: [sagas.middleware])
  return (store, sagas)
}

/// Starts a root saga that forks `count` sagas, each waiting in `take(Ping.self)` and then
/// putting one ``Pong``. When this returns every fork is registered; one `Ping` then releases
/// them all, and the returned task ends once all have put.
public func forkTakePut(_ count: Int, in sagas: SagaMiddleware<PingPong>) -> SagaTask<Void> {
  sagas.run("root") { saga in
    for _ in 0..<count {
      try saga.fork("echo") { saga in
        _ = try await saga.take(Ping.self)
        await saga.put(Pong())
      }
    }
  }
}
