import Benchmark
import CoreFixtures
import Foundation
import ReduxCore
import ReduxDevTools

/// Benchmark 10: what recording costs a dispatch. The three DevTools stores are measured
/// against two baselines in this same target and run: the same store with no middleware, and
/// with one pass-through middleware (recording off is a middleware that checks one flag).
/// Then the memory a full history holds, which must not grow with the number of actions.
func registerDevTools() {
  let bare = Store(initialState: Counter(), reducer: counterReducer)
  Benchmark("10 DevTools baseline: dispatch, no middleware") { benchmark in
    for _ in benchmark.scaledIterations {
      bare.dispatch(Increment())
    }
  }

  let passing = Store(initialState: Counter(), reducer: counterReducer, middleware: [passThrough])
  Benchmark("10 DevTools baseline: dispatch, 1 pass-through middleware") { benchmark in
    for _ in benchmark.scaledIterations {
      passing.dispatch(Increment())
    }
  }

  let off = DevTools(reducer: counterReducer, capacity: 1_000, isRecording: false)
  let offStore = Store(
    initialState: Counter(), reducer: counterReducer, middleware: [off.middleware])
  Benchmark("10 DevTools: dispatch, recording off") { benchmark in
    for _ in benchmark.scaledIterations {
      offStore.dispatch(Increment())
    }
  }

  let on = DevTools(reducer: counterReducer, capacity: 1_000)
  let onStore = Store(initialState: Counter(), reducer: counterReducer, middleware: [on.middleware])
  Benchmark("10 DevTools: dispatch, recording on, history 1,000") { benchmark in
    for _ in benchmark.scaledIterations {
      onStore.dispatch(Increment())
    }
  }

  // The same with a clock that returns a constant: the difference is the timestamp's share.
  let epoch = Date(timeIntervalSince1970: 0)
  let fixed = DevTools(reducer: counterReducer, capacity: 1_000, now: { epoch })
  let fixedStore = Store(
    initialState: Counter(), reducer: counterReducer, middleware: [fixed.middleware])
  Benchmark("10 DevTools: dispatch, recording on, history 1,000, constant clock") { benchmark in
    for _ in benchmark.scaledIterations {
      fixedStore.dispatch(Increment())
    }
  }

  // One operation: a fresh store with a history of 1,000 and `actions` actions. The bytes
  // allocated (mallocBytesCount) must not grow with the number of actions: the ring is
  // allocated once, and a small action and state are stored inline in it. The same store with
  // recording off (no ring) is the baseline: the difference is the history's memory.
  let configuration = Benchmark.Configuration(
    metrics: [
      .wallClock, .mallocCountTotal, .mallocBytesCount, .mallocFreeDelta,
      .peakMemoryResidentDelta,
    ],
    timeUnits: .microseconds, scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 20)
  for (actions, isRecording) in [(1_000, false), (1_000, true), (100_000, true)] {
    let name =
      isRecording
      ? "10 DevTools memory: history 1,000 after \(actions) actions"
      : "10 DevTools memory baseline: recording off, \(actions) actions"
    Benchmark(name, configuration: configuration) { benchmark in
      let devTools = DevTools(reducer: counterReducer, capacity: 1_000, isRecording: isRecording)
      let store = Store(
        initialState: Counter(), reducer: counterReducer, middleware: [devTools.middleware])
      for _ in 0..<actions {
        store.dispatch(Increment())
      }
      blackHole(store)
      blackHole(devTools)
    }
  }
}
