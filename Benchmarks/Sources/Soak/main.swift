// A soak of the store under sagas and commands, for issue-style probes that a unit test cannot
// run for long: 4 threads for N seconds (60 by default) feed takeEvery, takeLatest and race
// sagas, recycle 64 command rows with work in flight, and subscribe and cancel; it prints RSS
// every 5 s, the longest dispatch, and how many puts were reduced during the load and after.
//
//   swift build -c release --package-path Benchmarks --product Soak
//   Benchmarks/.build/release/Soak 60
import Foundation
import ReduxCommand
import ReduxCore
import ReduxSaga

struct S: Sendable {
  var count = 0
  var rows: [Row] = []
  var done = 0
}
struct Row: Identifiable, Sendable {
  let id: Int
  var done = 0
}
struct Request: Action { var id: Int }
struct Ping: Action { var id: Int }
struct Add: Action {}
struct StartWork: Action {}
struct WorkDone: Action {}
struct AddRow: Action { var id: Int }
struct RemoveRow: Action { var id: Int }

/// A value the threads share.
final class Box<T: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is only read and written while `lock` is held.
  private let lock = NSLock()
  private var value: T
  init(_ value: T) { self.value = value }
  func with<R>(_ body: (inout T) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

/// The resident set size, from /proc (Linux).
func rssMB() -> Double {
  let text = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0 0"
  let pages = Double(text.split(separator: " ")[1]) ?? 0
  return pages * 4096 / 1_048_576
}

let seconds = Double(CommandLine.arguments.dropFirst().first ?? "60") ?? 60
let sagaReducer = Reducer<S>.on(Add.self) { s, _ in s.count += 1 }
let sagas = SagaMiddleware<S>()
let sagaStore = Store(initialState: S(), reducer: sagaReducer, middleware: [sagas.middleware])
sagas.run("root") { saga in
  saga.takeEvery(.type(Request.self)) { saga, _ in await saga.put(Add()) }
  saga.takeLatest(.type(Request.self)) { saga, _ in
    _ = try await saga.race(
      { try await saga.take(Ping.self) }, { try await saga.delay(.milliseconds(5)) })
    await saga.put(Add())
  }
}

let row = CommandReducer<Row>
  .on(StartWork.self) { _, _ in
    .run { send in
      try? await Task.sleep(for: .milliseconds(2))
      send(WorkDone())
    }
  }
  .on(WorkDone.self) { row, _ in
    row.done += 1
    return .none
  }
let rows = CommandReducer<S>
  .on(AddRow.self) { s, a in
    if !s.rows.contains(where: { $0.id == a.id }) { s.rows.append(Row(id: a.id)) }
    return .none
  }
  .on(RemoveRow.self) { s, a in
    s.rows.removeAll { $0.id == a.id }
    return .none
  }
  .forEach(\.rows, element: row)
let commandStore = Store(initialState: S(), commandReducer: rows)
for id in 0..<64 { commandStore.dispatch(AddRow(id: id)) }

let end = ContinuousClock.now.advanced(by: .seconds(seconds))
let worst = Box(Duration.zero)
let requests = Box(0)
let duringCount = Box(0)
let done = DispatchSemaphore(value: 0)
for t in 0..<4 {
  Thread {
    var i = 0
    var subs: [Subscription] = []
    while ContinuousClock.now < end {
      let start = ContinuousClock.now
      if t < 3 {
        let isRequest = !i.isMultiple(of: 3)
        sagaStore.dispatch(isRequest ? Request(id: i) : Ping(id: i))
        if isRequest { requests.with { $0 += 1 } }
      } else {
        let id = i % 64
        switch i % 4 {
        case 0: commandStore.dispatch(ElementAction<Row>(id: id, action: StartWork()))
        case 1: commandStore.dispatch(RemoveRow(id: id))
        case 2: commandStore.dispatch(AddRow(id: id))
        default:
          subs.append(sagaStore.subscribe(select: { $0.count }) { _ in })
          if subs.count > 16 { subs.removeFirst().cancel() }
        }
      }
      let took = ContinuousClock.now - start
      worst.with { $0 = max($0, took) }
      i += 1
    }
    duringCount.with { $0 = max($0, sagaStore.state.count) }
    done.signal()
  }.start()
}
var samples: [String] = []
var elapsed = 0.0
while elapsed < seconds {
  Thread.sleep(forTimeInterval: 5)
  elapsed += 5
  samples.append(String(format: "%.0fs %.0fMB", elapsed, rssMB()))
}
for _ in 0..<4 { done.wait() }
Thread.sleep(forTimeInterval: 1)
print("RSS:", samples.joined(separator: ", "))
print("worst dispatch:", worst.with { $0 })
print(
  "requests:", requests.with { $0 }, "puts reduced during load:", duringCount.with { $0 }, "after:",
  sagaStore.state.count)
