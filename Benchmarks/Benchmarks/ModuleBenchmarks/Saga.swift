import Benchmark
import ModuleFixtures
import ReduxCore
import ReduxSaga

/// Benchmark 6: dispatch → saga `take` → `put` → reducer round trips, four ways, and 1,000
/// forked sagas each doing `take` and `put`.
func registerSaga() {
  // A saga resumed by a Ping runs inside that dispatch, and its put is reduced before the
  // dispatch returns: the round trip is synchronous, and the counts are checked per sample.
  let synchronousTaker = makeTakeSagaStore()
  Benchmark("6 Saga: round trip, take(Ping.self) → put(Pong) → reduced (synchronous)") {
    benchmark in
    for _ in benchmark.scaledIterations {
      synchronousTaker.dispatch(Ping())
    }
    let state = synchronousTaker.state
    precondition(state.pongs == state.pings, "a Pong was not reduced before dispatch returned")
  }

  // The saga's monitor announces each `take` it enters; the benchmark waits for that after each
  // `Ping`, which covers the whole round trip (take returns, put reduces the Pong, the saga
  // loops back into take) and never dispatches while the saga is not listening.
  let (takes, takeStarted) = AsyncStream.makeStream(of: Void.self)
  let taker = makeTakeSagaStore(onTakeStarted: { takeStarted.yield() })
  var taking = takes.makeAsyncIterator()
  var isListening = false
  Benchmark("6 Saga: round trip, take(Ping.self) → put(Pong) → reduced, paced by the monitor") {
    benchmark in
    if !isListening {
      _ = await taking.next()  // the saga's first take
      isListening = true
    }
    for _ in benchmark.scaledIterations {
      taker.dispatch(Ping())
      _ = await taking.next()
    }
    let state = taker.state
    precondition(state.pongs == state.pings, "the saga missed a Ping")
  }

  let channeled = makeChannelSagaStore()
  Benchmark("6 Saga: round trip, take from an action channel → put(Pong) → reduced") { benchmark in
    var pongs = channeled.values(select: { $0.pongs }).makeAsyncIterator()
    guard var seen = await pongs.next() else { return }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      channeled.dispatch(Ping())
      let target = seen + 1
      while seen < target, let next = await pongs.next() { seen = next }
    }
    benchmark.stopMeasurement()
  }

  let everyStore = makeTakeEverySagaStore()
  Benchmark("6 Saga: round trip, takeEvery worker → put(Pong) → reduced (synchronous)") {
    benchmark in
    for _ in benchmark.scaledIterations {
      everyStore.dispatch(Ping())
    }
    let state = everyStore.state
    precondition(state.pongs == state.pings, "a Pong was not reduced before dispatch returned")
  }

  // One operation: fork 1,000 sagas that each wait in take, release them all with one Ping, and
  // wait until every one has put its Pong and ended.
  let (forkStore, sagas) = makeSagaStore()
  let forks = 1_000
  var forkConfiguration = Benchmark.defaultConfiguration
  forkConfiguration.scalingFactor = .one
  forkConfiguration.metrics += [.mallocBytesCount]
  // The floor for the forks, next to them so that both come from one run: 1,000 bare Swift
  // tasks on a serial task executor drained inline, as the saga scheduler is, each suspending
  // twice (as a fork does in take and in put) and resumed by the caller.
  let floor = BareTaskFloor()
  Benchmark(
    "6 Saga: floor, 1,000 bare tasks on a serial task executor, each suspends twice",
    configuration: forkConfiguration
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      floor.run(forks)
    }
  }
  Benchmark("6 Saga: 1,000 forked sagas, each take → put", configuration: forkConfiguration) {
    benchmark in
    for _ in benchmark.scaledIterations {
      try await forkTakePutOnce()
    }
  }

  func forkTakePutOnce() async throws {
    let before = forkStore.state.pongs
    let root = forkTakePut(forks, in: sagas)
    forkStore.dispatch(Ping())
    try await root.value
    precondition(forkStore.state.pongs == before + forks, "a forked saga missed the Ping")
  }

  // The two above alternated within each sample, so that a load that comes and goes on a shared
  // machine weighs on both alike: the forks' time over the floor's, in percent.
  let overFloor = BenchmarkMetric.custom("Forks over floor (%)", useScalingFactor: false)
  var ratioConfiguration = forkConfiguration
  // And the two times of the same samples. Whichever runs second finds the allocator warm with
  // what the first freed (run after the forks, the floor took about a third less than in its
  // own benchmark's loop), so the order swaps from one sample to the next.
  let floorTimes = BenchmarkMetric.custom("Floor in these samples (µs)", useScalingFactor: false)
  let forkTimes = BenchmarkMetric.custom("Forks in these samples (µs)", useScalingFactor: false)
  ratioConfiguration.metrics = [overFloor, floorTimes, forkTimes]
  var floorFirst = true
  Benchmark(
    "6 Saga: 1,000 forked sagas over their floor, alternated", configuration: ratioConfiguration
  ) { benchmark in
    let clock = ContinuousClock()
    var floorTime = Duration.zero
    var forkTime = Duration.zero
    if floorFirst {
      floorTime = clock.measure { floor.run(forks) }
      forkTime = try await clock.measure { try await forkTakePutOnce() }
    } else {
      forkTime = try await clock.measure { try await forkTakePutOnce() }
      floorTime = clock.measure { floor.run(forks) }
    }
    floorFirst.toggle()
    benchmark.measurement(overFloor, Int((forkTime / floorTime * 100).rounded()))
    benchmark.measurement(floorTimes, Int(floorTime / .microseconds(1)))
    benchmark.measurement(forkTimes, Int(forkTime / .microseconds(1)))
  }
}
