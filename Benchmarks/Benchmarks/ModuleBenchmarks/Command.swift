import Benchmark
import ModuleFixtures
import ReduxCommand
import ReduxCore

/// Benchmark 8: action → reducer → command → action round trips through a command store.
func registerCommand() {
  let quiet = Store(initialState: PingPong(), commandReducer: pingOnlyReducer)
  Benchmark("8 Command: dispatch, reducer returns .none") { benchmark in
    for _ in benchmark.scaledIterations {
      quiet.dispatch(Ping())
    }
  }

  // `.action` is delivered while the store processes Ping, so the Pong is reduced before
  // `dispatch` returns: one dispatch is one whole round trip.
  let echo = Store(initialState: PingPong(), commandReducer: pingPongReducer)
  Benchmark("8 Command: .action round trip (Ping → Pong reduced)") { benchmark in
    for _ in benchmark.scaledIterations {
      echo.dispatch(Ping())
    }
    let state = echo.state
    precondition(state.pongs == state.pings, "a Pong was not reduced before dispatch returned")
  }

  // `.run` starts a task that sends the Pong; the benchmark awaits it through the store's
  // `values(select:)` before the next Ping, so each operation is one whole round trip.
  let runner = Store(initialState: PingPong(), commandReducer: asyncPingPongReducer)
  Benchmark("8 Command: .run round trip (Ping → task → Pong reduced)") { benchmark in
    var pongs = runner.values(select: { $0.pongs }).makeAsyncIterator()
    guard var seen = await pongs.next() else { return }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      runner.dispatch(Ping())
      let target = seen + 1
      while seen < target, let next = await pongs.next() { seen = next }
    }
    benchmark.stopMeasurement()
  }
}
