import Benchmark
import CoreFixtures
import Foundation
import ReduxCore
import ReduxDevTools

/// Benchmark 10: what recording costs a dispatch. The three DevTools stores are measured
/// against two baselines in this same target and run: the same store with no middleware, and
/// with one pass-through middleware (recording off is a middleware that checks one flag).
/// Then the memory a full history holds, which must not grow with the number of actions, and
/// the import of a recording (10i, below), and the live inspector (10L, DevToolsInspector.swift).
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
  registerDevToolsImport()
  registerDevToolsInspector()
}

/// Benchmark 10i: importing a JSON Lines recording, whose time and memory must grow in
/// proportion to its length (an import of 20,000 lines once took 12.9 times as long as one of
/// 5,000). Each sample imports one recording of `lines` lines, built before the measurement
/// starts; "ns per line" makes the comparison across lengths direct. The baseline decodes the
/// same 20,000 lines with JSONDecoder into a plain Codable struct: what Foundation alone costs
/// per line, without the registry and the recording. The 1,000,000-line import is left out of
/// the smoke pass, which only proves that each benchmark runs.
func registerDevToolsImport() {
  let smoke = getenv("REDUX_BENCHMARK_SMOKE") != nil
  func configuration(samples: Int) -> Benchmark.Configuration {
    Benchmark.Configuration(
      metrics: [.wallClock, importNanosecondsPerLine, .mallocCountTotal, .peakMemoryResidentDelta],
      timeUnits: .milliseconds, warmupIterations: smoke ? 0 : 1, scalingFactor: .one,
      maxDuration: smoke ? .milliseconds(20) : .seconds(5), maxIterations: smoke ? 1 : samples)
  }
  let registry = ActionRegistry().registering(RecordedIncrement.self, as: "Increment")

  Benchmark(
    "10i DevTools import baseline: JSONDecoder, 20,000 lines",
    configuration: configuration(samples: 20)
  ) { benchmark in
    let text = importText(lines: 20_000)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    benchmark.startMeasurement()
    let start = ContinuousClock.now
    var lines = text.utf8.split(separator: UInt8(ascii: "\n"))[...]
    lines.removeFirst()  // the header
    var decoded: [PlainLine] = []
    for line in lines {
      decoded.append(try decoder.decode(PlainLine.self, from: Data(line)))
    }
    benchmark.measurement(importNanosecondsPerLine, nanoseconds(since: start) / 20_000)
    benchmark.stopMeasurement()
    blackHole(decoded)
  }

  let sizes = [(5_000, "5,000"), (20_000, "20,000")] + (smoke ? [] : [(1_000_000, "1,000,000")])
  for (lines, name) in sizes {
    Benchmark(
      "10i DevTools import: \(name) lines",
      configuration: configuration(samples: lines > 20_000 ? 3 : 20)
    ) { benchmark in
      let text = importText(lines: lines)
      benchmark.startMeasurement()
      let start = ContinuousClock.now
      let recording = try Recording<RecordedCounter>(jsonLines: text, registry: registry)
      benchmark.measurement(importNanosecondsPerLine, nanoseconds(since: start) / lines)
      benchmark.stopMeasurement()
      precondition(recording.entries.count == lines, "the import lost entries")
      blackHole(recording)
    }
  }

  // 10e: the export of the same 20,000 lines, imported before the measurement starts.
  Benchmark(
    "10e DevTools export: 20,000 lines", configuration: configuration(samples: 20)
  ) { benchmark in
    let recording = try Recording<RecordedCounter>(
      jsonLines: importText(lines: 20_000), registry: registry)
    benchmark.startMeasurement()
    let start = ContinuousClock.now
    let text = try recording.jsonLines(registry: registry)
    benchmark.measurement(importNanosecondsPerLine, nanoseconds(since: start) / 20_000)
    benchmark.stopMeasurement()
    blackHole(text)
  }
}

private let importNanosecondsPerLine = BenchmarkMetric.custom(
  "ns per line", useScalingFactor: false)

private func nanoseconds(since start: ContinuousClock.Instant) -> Int {
  let elapsed = ContinuousClock.now - start
  return Int(elapsed.components.seconds) * 1_000_000_000
    + Int(elapsed.components.attoseconds / 1_000_000_000)
}

private struct RecordedCounter: Codable, Sendable {
  var count: Int
  var log: [String]
  var step: Int
}

private struct RecordedIncrement: Action, Codable {
  var by: Int
}

/// The fields of an entry line, for the JSONDecoder baseline.
private struct PlainLine: Decodable {
  var action: RecordedIncrement
  var skipped: Bool
  var state: RecordedCounter
  var timestamp: Date
  var type: String
}

/// A recording of `lines` Increment entries, each line about 110 bytes.
private func importText(lines: Int) -> String {
  var text = #"{"format":"swift-redux-recording","initialState":{"count":0,"log":[],"step":1},"#
  text += #""version":1}"# + "\n"
  text.reserveCapacity(lines * 120)
  for index in 1...lines {
    text += #"{"action":{"by":1},"skipped":false,"state":{"count":"# + String(index)
    text += #","log":[],"step":1},"timestamp":1700000000.25,"type":"Increment"}"# + "\n"
  }
  return text
}
