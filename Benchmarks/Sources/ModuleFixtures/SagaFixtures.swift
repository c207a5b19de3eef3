// Benchmark 6's stores and sagas, shared by ModuleBenchmarks and ModuleProfile.
//
// Every saga here starts with `SagaMiddleware.run`, which runs it up to its first wait before
// returning, so it is registered before the benchmark's first `Ping`. A saga resumed by a
// `Ping` runs inside that dispatch up to its next wait, and its `put` is reduced before the
// dispatch returns: every round trip below is synchronous, on the dispatching thread.
import ReduxCore
import ReduxSaga

/// A store whose saga answers each ``Ping`` with a ``Pong``: `take(Ping.self)`, then `put`, in a
/// loop. `dispatch(Ping())` returns once the `Pong` is reduced and the saga is back in `take`.
public func makeTakeSagaStore() -> Store<PingPong> {
  makeTakeSagaStore(monitor: nil)
}

/// The same store with a monitor that calls `onTakeStarted` each time the saga is registered in
/// `take` (once at start, then after each round trip): the benchmark that paced itself on it
/// before sagas ran inside the dispatch, kept to compare.
public func makeTakeSagaStore(onTakeStarted: @escaping @Sendable () -> Void) -> Store<PingPong> {
  makeTakeSagaStore(monitor: { event in
    if case .take = event.effect, case .started = event.phase { onTakeStarted() }
  })
}

private func makeTakeSagaStore(monitor: (@Sendable (SagaMonitorEvent) -> Void)?)
  -> Store<PingPong>
{
  let sagas = SagaMiddleware<PingPong>(monitor: monitor)
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

/// A store whose saga answers each ``Ping`` with a ``Pong`` from a `takeEvery` worker, forked
/// and run inside the dispatch: the `Pong` is reduced before `dispatch(Ping())` returns.
public func makeTakeEverySagaStore() -> Store<PingPong> {
  let sagas = SagaMiddleware<PingPong>()
  let store = Store(
    initialState: PingPong(), reducer: pingPongCountReducer, middleware: [sagas.middleware])
  sagas.run("echo") { saga in
    saga.takeEvery(.type(Ping.self)) { saga, _ in await saga.put(Pong()) }
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
