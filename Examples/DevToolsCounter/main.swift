// DevToolsCounter: record a session of the Counter app, replay it, travel through it, and write
// the recording (JSON Lines) and its HTML page. Run it with
//   swift run DevToolsCounter [output-directory]
// then open counter-session.html in a browser. With DEVTOOLS_SERVE_SECONDS set, it then serves
// the live inspector for that many seconds and prints each state the store takes:
//   DEVTOOLS_SERVE_SECONDS=600 swift run DevToolsCounter
// opens nothing by itself: open the URL it prints (and logs) in a browser.
import Foundation
import ReduxCore
import ReduxDevTools

struct Counter: Sendable, Codable, Equatable {
  var count = 0
  var step = 1
}

struct Increment: Action, Codable {}
struct Decrement: Action, Codable {}
struct SetStep: Action, Codable { var step: Int }

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, _ in state.count += state.step }
  .on(Decrement.self) { state, _ in state.count -= state.step }
  .on(SetStep.self) { state, action in state.step = action.step }

let registry = ActionRegistry()
  .registering(Increment.self)
  .registering(Decrement.self)
  .registering(SetStep.self)

// 1. Record: the DevTools middleware goes last, so it sees exactly what the reducer sees.
let devTools = DevTools(reducer: counterReducer, capacity: 1_000)
let store = Store(
  initialState: Counter(), reducer: counterReducer, middleware: [devTools.middleware])
let countSubscription = store.subscribe(select: \.count) { count in print("count is now \(count)") }

store.dispatch(Increment())
store.dispatch(Increment())
store.dispatch(SetStep(step: 5))
store.dispatch(Increment())
store.dispatch(Decrement())
store.dispatch(Increment())
let recording = devTools.recording
print("recorded \(recording.entries.count) actions, final count \(store.state.count)")

// 2. Export and import as JSON Lines.
let directory = URL(
  fileURLWithPath: CommandLine.arguments.dropFirst().first
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("DevToolsCounter").path)
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let text = try recording.jsonLines(registry: registry)
let imported = try Recording<Counter>(jsonLines: text, registry: registry)

// 3. Replay into a fresh store: every state must come back exactly.
let report = imported.replay(reducer: counterReducer)
print("replay: \(report.matchedSteps) states matched, exact: \(report.isExact)")

// A reducer with a bug diverges, and the report says where.
let buggy = Reducer<Counter>
  .on(Increment.self) { state, _ in state.count += 1 }  // forgets the step
  .on(Decrement.self) { state, _ in state.count -= state.step }
  .on(SetStep.self) { state, action in state.step = action.step }
if let divergence = imported.replay(reducer: buggy).divergence {
  print("buggy reducer:", divergence)
}

// 4. Time travel: the store's state changes directly, and subscribers see it.
devTools.jump(toStep: 2)
print("jumped to step 2: count \(store.state.count)")
devTools.jump(toStep: 99)  // past the history: clamped to the latest state, never a trap
print("jumped to step 99: step \(devTools.currentStep), count \(store.state.count)")
devTools.jump(toStep: 2)
devTools.jumpToLatest()
devTools.skip(step: 3)  // SetStep(5): the later states are recomputed without it
print("skipped SetStep: count \(store.state.count)")
devTools.include(step: 3)
print("included it again: count \(store.state.count)")
devTools.skip(step: 5)  // Decrement: the page shows it struck through
print("skipped Decrement: count \(store.state.count)")
countSubscription.cancel()

// 5. The session after time travel, as JSON Lines and as an HTML page: a timeline of the
// actions and what each changed. `swift run redux-devtools-viewer counter-session.jsonl` makes
// the same page from the file.
let finalText = try devTools.recording.jsonLines(registry: registry)
let recordingFile = directory.appendingPathComponent("counter-session.jsonl")
try finalText.write(to: recordingFile, atomically: true, encoding: .utf8)
let page = try SessionPage(jsonLines: finalText, title: "Counter session")
let pageFile = directory.appendingPathComponent("counter-session.html")
try page.html.write(to: pageFile, atomically: true, encoding: .utf8)
print("wrote \(recordingFile.path) and \(pageFile.path)")

// 6. The live inspector, when asked (CI's browser test asks): the page shows the session above
// and follows the store; a jump, a skip or a dispatch from the page changes the store's state,
// and this subscriber prints each state it takes.
if let seconds = ProcessInfo.processInfo.environment["DEVTOOLS_SERVE_SECONDS"].flatMap(Int.init) {
  devTools.jumpToLatest()
  let server = try await devTools.serve(
    registry: registry, options: InspectorOptions(title: "Counter inspector"))
  say("inspector: \(server.url.absoluteString)")
  let stateSubscription = store.subscribe { state in
    say("state: count \(state.count), step \(state.step)")
  }
  try await Task.sleep(for: .seconds(seconds))
  stateSubscription.cancel()
  await server.stop()
  say("inspector stopped after \(seconds) s")
}

/// Prints a line at once, even when the output is a file that a test reads while this runs.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
