// Todos: an app built as a tree of features. The rows are a forEach over an IdentifiedArray,
// each row's save a command it owns; a detail screen is presented with ifLet and closes itself
// with Dismiss; a navigation stack of screens is a StackState with an ifCaseLet per screen. The
// list is read through ReduxUI view stores, one per row by identity, and the filter through a
// MemoizedSelector. Time is a swift-clocks TestClock advanced by hand, so every run prints the
// same steps, fast. The feature lives in TodosFeature, which Tests/ checks with ReduxTesting.
// DevTools records the session; `swift run Todos <directory>` also writes it there as JSON
// Lines (todos-session.jsonl) and as a page (todos-session.html), and with
// DEVTOOLS_SERVE_SECONDS=600 the live inspector serves it (open the URL it prints).
import Clocks
import Foundation
import ReduxCommand
import ReduxCore
import ReduxDevTools
import ReduxUI
import TodosFeature

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let clock = TestClock()
let server = TodosClient.simulated(clock: clock)
// Each server call says when it starts, so the steps below wait for it before going on.
let (callStarts, callStarted) = AsyncStream.makeStream(of: Void.self)
// The server calls as the app sees them, printed, cancellation included.
let client = TodosClient(
  saveTitle: { id, title throws(CancellationError) in
    say("  server: saving #\(id) \"\(title)\"…")
    callStarted.yield()
    do throws(CancellationError) {
      try await server.saveTitle(id, title)
    } catch {
      say("  server: the save of #\(id) was cancelled")
      throw error
    }
    say("  server: saved #\(id)")
  },
  export: { summary throws(CancellationError) in
    say("  server: exporting \"\(summary)\"…")
    callStarted.yield()
    do throws(CancellationError) {
      return try await server.export(summary)
    } catch {
      say("  server: the export of \"\(summary)\" was cancelled")
      throw error
    }
  })

/// Prints each action the store processes, the ones commands send back included.
let actionLog = Middleware<TodoList> { _, action, next in
  say("  action:", describe(action))
  next(action)
}

let reducer = todoListReducer(client: client)
/// Records every action and state; its reducer is the app's, for DevTools' time travel.
let devTools = DevTools(reducer: Reducer<TodoList> { state, action in _ = reducer(&state, action) })
let store = Store(
  initialState: TodoList(), commandReducer: reducer,
  middleware: [actionLog, devTools.middleware],
  onRuntimeWarning: { warning in say("  runtime warning:", warning.message) })
let model = ViewStore(store)

step("add three todos")
for title in ["Buy milk", "Write the guide", "Call Ada"] { model.dispatch(AddTodo(title)) }
var rows = model.scope(each: \.todos)
printRows()

step("edit and complete rows through their view stores (each sends ElementAction<Todo>)")
rows[0].dispatch(SetTitle("Buy oat milk"))
rows[1].dispatch(ToggleDone())
printRows()

step("filter: a MemoizedSelector of the state's todos and filter")
for filter in [Filter.active, .done, .all] {
  model.dispatch(SetFilter(filter))
  say("  \(filter):", model[TodoList.visibleTodos].map(\.title))
}

step("save row #0 and let the server answer")
let firstSave = await model.send(ElementAction<Todo>(id: 0, action: Save()))
await untilTheServerWaits()
await clock.advance(by: .seconds(1))
await firstSave.finish()
printRows()

step("save row #2, then delete it while the save is in flight (confirmed in an alert)")
let doomedSave = await model.send(ElementAction<Todo>(id: 2, action: Save()))
await untilTheServerWaits()
let deletedRow = rows[2]
model.dispatch(AskToDelete(id: 2))
say("  \(model.state.alert.map(String.init(describing:)) ?? "no alert")")
model.dispatch(ChildAction<AlertState>(DeleteTodo(id: 2)))
await doomedSave.finish()
say("  the save was cancelled and nothing came back: no Saved for #2 above")
rows = model.scope(each: \.todos)
printRows()
say("  the deleted row's view store keeps its last value:", deletedRow.title)

step("a stale action from the deleted row's view store")
say("  (the state is unchanged, and the store's onRuntimeWarning handler prints the warning)")
deletedRow.dispatch(ToggleDone())

step("present the detail screen of #0, edit it, and save: the screen dismisses itself")
model.dispatch(ShowDetail(id: 0))
model.dispatch(ChildAction<Detail>(BindingAction.set(\Detail.draft, "Buy oat milk, 2 l")))
let detailSave = await model.send(ChildAction<Detail>(SaveDraft()))
await untilTheServerWaits()
await clock.advance(by: .seconds(1))
await detailSave.finish()
say("  detail:", store.state.detail.map(\.draft) ?? "nil (dismissed)")
printRows()

step("present it again, save, and dismiss it from the list before the server answers")
model.dispatch(ShowDetail(id: 1))
let abandonedSave = await model.send(ChildAction<Detail>(SaveDraft()))
await untilTheServerWaits()
model.dispatch(ChildAction<Detail>.dismiss)
await abandonedSave.finish()
say("  detail:", store.state.detail.map(\.draft) ?? "nil (dismissed)")

step("a stack: push stats, start an export, push a detail and more stats, pop to the first")
model.dispatch(PushStats())
let bottom = store.state.path.ids[0]
let keptExport = await model.send(
  StackAction<Screen>.element(id: bottom, action: ChildAction<Stats>(Export())))
await untilTheServerWaits()
model.dispatch(PushDetail(id: 0))
model.dispatch(PushStats())
let top = store.state.path.ids[2]
let poppedExport = await model.send(
  StackAction<Screen>.element(id: top, action: ChildAction<Stats>(Export())))
await untilTheServerWaits()
printPath()
model.dispatch(StackAction<Screen>.popTo(id: bottom))
await poppedExport.finish()
printPath()
await clock.advance(by: .seconds(1))
await keptExport.finish()
printPath()

step("pop the last screen")
model.dispatch(StackAction<Screen>.popFrom(id: bottom))
printPath()
say("\ndone:", store.state.todos.map(\.title))

if let directory = CommandLine.arguments.dropFirst().first {
  step("the session, for DevTools: \(devTools.recording.entries.count) actions")
  let text = try devTools.recording.jsonLines(registry: todosRegistry)
  let folder = URL(fileURLWithPath: directory, isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try text.write(
    to: folder.appendingPathComponent("todos-session.jsonl"), atomically: true, encoding: .utf8)
  let page = try SessionPage(
    recording: devTools.recording, registry: todosRegistry, title: "Todos session")
  try page.html.write(
    to: folder.appendingPathComponent("todos-session.html"), atomically: true, encoding: .utf8)
  say("  wrote todos-session.jsonl and todos-session.html to \(directory)")
}

// With DEVTOOLS_SERVE_SECONDS set, the live inspector shows the session for that many seconds:
// open the URL it prints in a browser.
if let seconds = ProcessInfo.processInfo.environment["DEVTOOLS_SERVE_SECONDS"].flatMap(Int.init) {
  let server = try await devTools.serve(
    registry: todosRegistry, options: InspectorOptions(title: "Todos inspector"))
  say("inspector: \(server.url.absoluteString)")
  try await Task.sleep(for: .seconds(seconds))
  await server.stop()
  say("inspector stopped after \(seconds) s")
}

/// Prints a heading for the next step.
func step(_ title: String) {
  say("\n== \(title)")
}

/// Prints each row as its view store sees it.
@MainActor
func printRows() {
  for row in rows where model.state.todos[id: row.state.id] != nil {
    let done = row.isDone ? "x" : " "
    let saving = row.isSaving ? " (saving…)" : ""
    say("  [\(done)] #\(row.state.id) \(row.title)\(saving)")
  }
}

/// Prints the stack, bottom first.
@MainActor
func printPath() {
  let screens = zip(store.state.path.ids, store.state.path).map { id, screen in
    switch screen {
    case .detail(let detail): "\(id) detail of #\(detail.todoID)"
    case .stats(let stats):
      "\(id) stats\(stats.isExporting ? " (exporting…)" : "")"
        + (stats.exportedTo.map { " exported to \($0)" } ?? "")
    }
  }
  say("  stack:", screens.isEmpty ? "empty" : screens.joined(separator: " | "))
}

/// Waits until the next server call has started and a call sleeps on the test clock, so that
/// advancing the clock answers it.
@MainActor
func untilTheServerWaits() async {
  for await _ in callStarts { break }
  while (try? await clock.checkSuspension()) != nil {}
}

/// Writes a line to standard output at once, so that the run's lines stay in order with
/// anything written to standard error.
func say(_ items: Any...) {
  let line = items.map { "\($0)" }.joined(separator: " ") + "\n"
  _ = line.withCString { write(1, $0, strlen($0)) }
}

/// An action in a line, child actions by their address.
func describe(_ action: any Action) -> String {
  switch action {
  case let row as ElementAction<Todo>: "row #\(row.id) \(describe(row.action))"
  case let detail as ChildAction<Detail>: "detail \(describe(detail.action))"
  case let stats as ChildAction<Stats>: "stats \(describe(stats.action))"
  case let stack as StackAction<Screen>:
    switch stack {
    case .element(let id, let action): "screen \(id) \(describe(action))"
    case .push(let screen, _): "push \(screen)"
    case .popFrom(let id): "pop from \(id)"
    case .popTo(let id): "pop to \(id)"
    }
  default: "\(action)"
  }
}
