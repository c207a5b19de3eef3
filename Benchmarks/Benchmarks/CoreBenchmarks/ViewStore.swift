import Benchmark
import CoreFixtures
import Observation
import ReduxCore
import ReduxUI
import Synchronization

/// Benchmark 11: what a main-actor `ViewStore` adds to each commit, and how it coalesces commits
/// made on other threads.
///
/// 11a–11e run on the main actor; 11a and 11b are the baselines (a bare store, and a store
/// with one subscriber, which a view store is). In 11d and 11e each commit is published at once
/// (`ViewStore.dispatch`): the worst case, with no coalescing. Each sample builds its store and
/// view store before the measurement starts.
func registerViewStore() {
  Benchmark("11a Dispatch on the main actor: bare store (baseline)") { @MainActor benchmark async in
    let store = Store(initialState: TenFields(), reducer: tenFieldsReducer)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.dispatch(BumpFirst())
    }
    benchmark.stopMeasurement()
    blackHole(store)
  }

  Benchmark("11b Dispatch on the main actor: one empty subscriber (baseline)") {
    @MainActor benchmark async in
    let store = Store(initialState: TenFields(), reducer: tenFieldsReducer)
    let subscription = store.subscribe { blackHole($0) }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      store.dispatch(BumpFirst())
    }
    benchmark.stopMeasurement()
    blackHole(subscription)
  }

  // Ten fields each watched by a view; `f0` changes on every commit. 11d: the view showing `f0`
  // has not re-rendered yet, so each commit compares the nine others (the tenth needs no
  // comparison until it is read again). 11e: it re-renders after each commit (tracks `f0`
  // again), so each commit also compares `f0`, tells Observation (willSet/didSet), runs the
  // observer, and registers the new tracking.
  Benchmark("11d Dispatch on the main actor: ViewStore, 10 fields observed, 1 changed") {
    @MainActor benchmark async in
    let model = ViewStore(Store(initialState: TenFields(), reducer: tenFieldsReducer))
    observeAll(model)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      model.dispatch(BumpFirst())
    }
    benchmark.stopMeasurement()
    blackHole(model)
  }

  Benchmark("11e Dispatch on the main actor: ViewStore, 10 fields observed, 1 changed, re-tracked")
  {
    @MainActor benchmark async in
    let model = ViewStore(Store(initialState: TenFields(), reducer: tenFieldsReducer))
    observeAll(model)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      model.dispatch(BumpFirst())
      observe { blackHole(model.f0) }
    }
    benchmark.stopMeasurement()
    blackHole(model)
  }

  // 10,000 dispatches from a background task while a view tracks `f0` (re-tracking after each
  // change, as a re-render would): the view store publishes once per hop to the main actor,
  // however many commits came before it. The custom metric is the number of publishes the view
  // saw; the cost of each publish is 11e's minus 11a's.
  Benchmark(
    "11f 10,000 background dispatches, ViewStore on the main actor",
    configuration: .init(
      metrics: [.wallClock, .custom("main-actor publishes")],
      timeUnits: .microseconds, scalingFactor: .one)
  ) { @MainActor benchmark async in
    let store = Store(initialState: TenFields(), reducer: tenFieldsReducer)
    let model = ViewStore(store)
    readAll(model)
    var publishes = 0
    benchmark.startMeasurement()
    let writer = Task.detached {
      for _ in 0..<10_000 { store.dispatch(BumpFirst()) }
    }
    while model.f0 < 10_000 {
      await withCheckedContinuation { continuation in
        withObservationTracking {
          _ = model.f0
        } onChange: {
          continuation.resume()
        }
      }
      publishes += 1
    }
    await writer.value
    benchmark.stopMeasurement()
    benchmark.measurement(.custom("main-actor publishes"), publishes)
  }
}

/// Reads ten fields, as a view that shows them would; each is then compared on every publish.
@MainActor
private func readAll(_ model: ViewStore<TenFields>) {
  blackHole(
    model.f0 + model.f1 + model.f2 + model.f3 + model.f4 + model.f5 + model.f6 + model.f7
      + model.f8 + model.f9)
}

/// Ten views, one per field, each tracking its field as a SwiftUI body would.
@MainActor
private func observeAll(_ model: ViewStore<TenFields>) {
  observe { blackHole(model.f0) }
  observe { blackHole(model.f1) }
  observe { blackHole(model.f2) }
  observe { blackHole(model.f3) }
  observe { blackHole(model.f4) }
  observe { blackHole(model.f5) }
  observe { blackHole(model.f6) }
  observe { blackHole(model.f7) }
  observe { blackHole(model.f8) }
  observe { blackHole(model.f9) }
}

/// Runs `read` under `withObservationTracking`, with an observer that sets a flag, as a view
/// marks itself for re-rendering.
private func observe(_ read: () -> Void) {
  let flag = ChangeFlag()
  withObservationTracking(read) { flag.set() }
}

/// Set when an observer is told about a change.
private final class ChangeFlag: Sendable {
  private let changed = Atomic(false)
  func set() { changed.store(true, ordering: .relaxed) }
}
