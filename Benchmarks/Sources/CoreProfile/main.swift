// Runs one benchmark scenario a given number of times, for valgrind's callgrind: it counts
// instructions, which stay the same from run to run on a busy machine where wall time does not.
// Only the loop inside `measured` is counted, switched on and off with callgrind's client
// requests (CallgrindClient):
//
//   swift build -c release --package-path Benchmarks --product CoreProfile
//   valgrind --tool=callgrind --collect-atstart=no \
//     Benchmarks/.build/release/CoreProfile dispatch 100000
//
// Divide the total by the count for instructions per dispatch.
import CallgrindClient
import CoreFixtures
import ReduxCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@inline(never)
func measured(_ count: Int, _ body: () -> Void) {
  callgrind_collect_start()
  for _ in 0..<count { body() }
  callgrind_collect_stop()
}

/// Hides a value from the optimizer, as a store's reducer is hidden from it.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// Benchmark "Baseline: reducer call in Mutex.withLock", outside the main actor's top level.
func mutexBaseline(_ count: Int) {
  let mutex = Mutex(Counter())
  let reducer = opaque(counterReducer)
  measured(count) { mutex.withLock { reducer(&$0, Increment()) } }
}

let scenarios = [
  "dispatch", "middleware", "selectors100", "selectors1000", "large-counter", "large-item",
  "enum", "threads8-middleware", "mutex-baseline", "subscribe", "subscribe-cancel",
  "cancel1000",
  "foreach-identified", "byhand-identified", "foreach-store", "byhand-store", "form-setter",
  "form-binding", "form-alert-baseline", "form-alert-tap",
]
let arguments = CommandLine.arguments.dropFirst()
guard let scenario = arguments.first, scenarios.contains(scenario) else {
  print("usage: CoreProfile <\(scenarios.joined(separator: "|"))> [count]")
  exit(2)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000

switch scenario {
case "dispatch":
  let store = Store(initialState: Counter(), reducer: counterReducer)
  measured(count) { store.dispatch(Increment()) }
case "middleware":
  let (store, subscription) = makeObservedStore()
  measured(count) { store.dispatch(Increment()) }
  sink(subscription)
case "selectors100", "selectors1000":
  let fields = scenario == "selectors100" ? 100 : 1_000
  let (store, subscriptions) = makeSelectorStore(fields: fields)
  var next = 0
  measured(count) {
    store.dispatch(BumpField(index: next))
    next = next == fields - 1 ? 0 : next + 1
  }
  sink(subscriptions)
case "large-counter":
  let store = Store(initialState: Catalog(), reducer: catalogReducer)
  measured(count) { store.dispatch(BumpCounter()) }
case "large-item":
  let store = Store(initialState: Catalog(), reducer: catalogReducer)
  var next = 0
  measured(count) {
    store.dispatch(SetItem(index: next, value: next))
    next = next == 99_999 ? 0 : next + 1
  }
case "threads8-middleware":
  // Benchmark 13's 8 threads into benchmark 2's store, for `perf record` (callgrind does not
  // follow other threads): where the time goes under contention.
  let (store, subscription) = makeObservedStore()
  let settled: @Sendable () -> Bool = { store.state.count == count }
  let run = runOnThreads(8, total: count, settled: settled) { store.dispatch(Increment()) }
  print("\(Int(run.operationsPerSecond)) actions/s, longest \(run.maxLatencyNanoseconds) ns")
  sink(subscription)
case "subscribe":
  // A selector subscription to an idle store with no other subscriber; the tokens are kept, so
  // this counts subscribing alone.
  let store = Store(initialState: Counter(), reducer: counterReducer)
  var tokens: [Subscription] = []
  tokens.reserveCapacity(count)
  measured(count) { tokens.append(store.subscribe(select: \.count) { sink($0) }) }
  sink(tokens)
case "subscribe-cancel":
  // Subscribing and cancelling at once, as a view that appears and disappears.
  let store = Store(initialState: Counter(), reducer: counterReducer)
  measured(count) { store.subscribe(select: \.count) { sink($0) }.cancel() }
case "cancel1000":
  // Benchmark 14's cancel alone, as the peer comparison measures it: cancelling one selector
  // subscriber of a store that keeps at least 1,000 others; the tokens are made beforehand.
  let store = Store(initialState: Counter(), reducer: counterReducer)
  let others = (0..<1_000).map { _ in store.subscribe(select: \.count) { sink($0) } }
  let tokens = (0..<count).map { _ in store.subscribe(select: \.count) { sink($0) } }
  var next = 0
  measured(count) {
    tokens[next].cancel()
    next += 1
  }
  sink(others)
case "foreach-identified", "byhand-identified":
  // Benchmark 15a: one action to one of 10,000 rows, as a reducer call.
  let isForEach = scenario == "foreach-identified"
  let reducer = opaque(isForEach ? identifiedForEach : identifiedByHand)
  let actions = isForEach ? rowActions : rowByIDActions
  var table = RowTable()
  var next = 0
  measured(count) {
    reducer(&table, actions[next])
    next = next == 9_999 ? 0 : next + 1
  }
  sink(table)
case "foreach-store", "byhand-store":
  // Benchmark 15c: the same through a store, each action built per dispatch.
  let isForEach = scenario == "foreach-store"
  let store = Store(
    initialState: RowTable(), reducer: isForEach ? identifiedForEach : identifiedByHand)
  var next = 0
  measured(count) {
    if isForEach {
      store.dispatch(ElementAction<Row>(id: next, action: BumpRow()))
    } else {
      store.dispatch(BumpRowByID(id: next))
    }
    next = next == 9_999 ? 0 : next + 1
  }
case "form-setter", "form-binding":
  // Benchmark 19: a field written by a hand-written setter, or by a BindingAction.
  let store = Store(initialState: FormState(), reducer: formReducer)
  let title = "Morning"
  if scenario == "form-setter" {
    measured(count) { store.dispatch(SetFormTitle(title)) }
  } else {
    measured(count) { store.dispatch(BindingAction.set(\FormState.title, title)) }
  }
case "form-alert-baseline", "form-alert-tap":
  // Benchmark 19: show the alert, then answer it: with a hand-written action that hides it and
  // confirms (the baseline), or with a tap through `.alert`.
  let store = Store(initialState: FormState(), reducer: formReducer)
  let show = SetFormAlert(formAlert)
  if scenario == "form-alert-baseline" {
    measured(count) {
      store.dispatch(show)
      store.dispatch(HideAndConfirm())
    }
  } else {
    let tap = ChildAction<AlertState>(ConfirmForm())
    measured(count) {
      store.dispatch(show)
      store.dispatch(tap)
    }
  }
case "mutex-baseline":
  // Benchmark "Baseline: reducer call in Mutex.withLock": the floor a bare dispatch is held to.
  mutexBaseline(count)
default:
  let store = Store(initialState: Counter(), reducer: counterEnumReducer)
  measured(count) { store.dispatch(CounterAction.increment(by: 1)) }
}
print("\(scenario): \(count) operations")
