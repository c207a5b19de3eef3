import Benchmark
import Foundation
import ModuleFixtures
import ReduxCore

/// Benchmark 18: what a persisted part costs a dispatch, against two baselines in this same
/// run: the store with nothing watching it, and with a plain subscriber of the part (what any
/// observer of the part costs). The persisted store saves to memory, debounced an hour, so the
/// figures are the dispatch path's: the change check, and for a changed part the debounce's
/// lock and clock read (no task per save).
func registerPersistence() {
  for (name, observer) in [
    ("18 Persistence baseline: dispatch, nothing watching", PersistedAppObserver.none),
    ("18 Persistence baseline: dispatch, 1 subscriber of the part", .subscriber),
    ("18 Persistence: dispatch, part persisted", .persistence),
  ] {
    let (store, watching) = makePersistedAppStore(observer)
    Benchmark("\(name), part changed") { benchmark in
      for _ in benchmark.scaledIterations { store.dispatch(Resize()) }
      blackHole(watching)
    }
    let (quiet, quietWatching) = makePersistedAppStore(observer)
    Benchmark("\(name), part unchanged") { benchmark in
      for _ in benchmark.scaledIterations { quiet.dispatch(BumpCount()) }
      blackHole(quietWatching)
    }
  }
}

/// 18r: restoring a state file of about 10 MB (10,000 records of about 1 KB): read, version
/// check, decode. Baseline in the same run: `JSONDecoder` decoding the same bytes alone.
func registerPersistenceRestore() {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, .peakMemoryResidentDelta],
    timeUnits: .milliseconds, scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 10)
  guard let persistence = try? makeLargeStateFile(megabytes: 10),
    let file = persistence.location.file, let bytes = try? Data(contentsOf: file)
  else { fatalError("18r: could not write the 10 MB state file") }
  Benchmark("18r Persistence baseline: JSONDecoder alone, 10 MB", configuration: configuration) {
    _ in
    struct Contents: Decodable { var state: [SavedNote] }
    blackHole(try JSONDecoder().decode(Contents.self, from: bytes))
  }
  Benchmark("18r Persistence: restore a 10 MB state file", configuration: configuration) { _ in
    blackHole(try persistence.restore())
  }
}
