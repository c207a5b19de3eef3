// Runs one ModuleBenchmarks scenario a given number of times, for valgrind's callgrind, as
// CoreProfile does for the core. Only the loop inside `measured` is counted, switched on and off
// with callgrind's client requests (CallgrindClient):
//
//   swift build -c release --package-path Benchmarks --product ModuleProfile
//   valgrind --tool=callgrind --collect-atstart=no \
//     Benchmarks/.build/release/ModuleProfile command-action 20000
//
// Divide the total by the count for instructions per operation. The saga scenarios need a saga
// to be registered before `run` returns, which holds on Linux and Apple OS 26.
import CallgrindClient
import CoreFixtures
import Dispatch
import ModuleFixtures
import ReduxCommand
import ReduxCore
import ReduxDevTools
import ReduxEffects
import ReduxFlux
import ReduxSaga

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@inline(never)
func measured(_ count: Int, _ body: () throws -> Void) rethrows {
  callgrind_collect_start()
  defer { callgrind_collect_stop() }
  for _ in 0..<count { try body() }
}

let scenarios = [
  "saga-take", "saga-sync", "saga-every", "saga-channel", "saga-fork1000", "saga-floor1000",
  "flux-independent",
  "flux-earlier", "flux-later",
  "command-none", "command-action", "command-working64",
  "effects-none", "effects-typed", "effects-logger", "thunks-none", "devtools-1000",
  "devtools-100k",
  "devtools-off-1000", "persist-none", "persist-subscriber", "persist-unchanged",
  "persist-changed",
]
let arguments = CommandLine.arguments.dropFirst()
guard let scenario = arguments.first, scenarios.contains(scenario) else {
  print("usage: ModuleProfile <\(scenarios.joined(separator: "|"))> [count]")
  exit(2)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000

switch scenario {
case "devtools-1000", "devtools-100k", "devtools-off-1000":
  // Benchmark 10's memory scenario: a fresh DevTools (history 1,000) and store, then 1,000 or
  // 100,000 actions; divide by the actions too. "off" is the same with recording off.
  let actions = scenario == "devtools-100k" ? 100_000 : 1_000
  let isRecording = scenario != "devtools-off-1000"
  measured(count) {
    let devTools = DevTools(reducer: counterReducer, capacity: 1_000, isRecording: isRecording)
    let store = Store(
      initialState: Counter(), reducer: counterReducer, middleware: [devTools.middleware])
    for _ in 0..<actions { store.dispatch(Increment()) }
    sink(store)
    sink(devTools)
  }
case "persist-none", "persist-subscriber", "persist-unchanged", "persist-changed":
  // Benchmark 18: a dispatch that changes the kept part (or, for "unchanged", only the
  // counter), with nothing watching, a plain subscriber of the part, or a StatePersistence.
  let observer: PersistedAppObserver =
    switch scenario {
    case "persist-none": .none
    case "persist-subscriber": .subscriber
    default: .persistence
    }
  let (store, watching) = makePersistedAppStore(observer)
  if scenario == "persist-unchanged" {
    measured(count) { store.dispatch(BumpCount()) }
  } else {
    measured(count) { store.dispatch(Resize()) }
  }
  sink(watching)
case "saga-take":
  // The saga runs on this thread, inside the dispatch that resumes it, and its monitor signals
  // before `dispatch` returns; the wait is the benchmark's pacing. callgrind's collection
  // toggle is per thread: a whole-program run (`--collect-atstart=yes`, where the toggle turns
  // this thread off inside `measured`) at this count and at 0 finds about 1 instruction per
  // operation on other threads.
  let listening = DispatchSemaphore(value: 0)
  let store = makeTakeSagaStore(onTakeStarted: { listening.signal() })
  listening.wait()
  measured(count) {
    store.dispatch(Ping())
    listening.wait()
  }
case "saga-sync":
  // The take round trip, synchronous since sagas run inside the dispatch.
  let store = makeTakeSagaStore()
  measured(count) { store.dispatch(Ping()) }
case "saga-every":
  let store = makeTakeEverySagaStore()
  measured(count) { store.dispatch(Ping()) }
case "saga-channel":
  // The action channel round trip, synchronous too: the channel hands each Ping to the saga
  // waiting in its take inside the dispatch, and the Pong is reduced before it returns.
  let store = makeChannelSagaStore()
  measured(count) { store.dispatch(Ping()) }
  precondition(store.state.pongs == count, "a Pong was not reduced before dispatch returned")
case "saga-fork1000":
  // One operation is 1,000 forked sagas; the root saga's end is awaited through a semaphore.
  // The forks and the root end inside the dispatch, on this thread; only the detached task
  // below runs elsewhere, about 20,000 instructions per operation (20 per fork) that the
  // per-thread toggle does not count (measured as for saga-take).
  let (store, sagas) = makeSagaStore()
  measured(count) {
    let root = forkTakePut(1_000, in: sagas)
    store.dispatch(Ping())
    let ended = DispatchSemaphore(value: 0)
    // Detached: a plain Task would inherit the main actor, whose thread is blocked here.
    Task.detached {
      _ = await root.result
      ended.signal()
    }
    ended.wait()
  }
case "saga-floor1000":
  // The floor for saga-fork1000: 1,000 bare tasks on a serial task executor, each suspending
  // twice, all on this thread (ModuleFixtures' BareTaskFloor).
  let floor = BareTaskFloor()
  measured(count) { floor.run(1_000) }
case "flux-independent", "flux-earlier", "flux-later":
  let order: FluxChainOrder =
    switch scenario {
    case "flux-independent": .independent
    case "flux-earlier": .waitForEarlier
    default: .waitForLater
    }
  let (dispatcher, stores) = makeFluxChain(order: order)
  try measured(count) { try dispatcher.dispatch(Tick()) }
  sink(stores)
case "command-none":
  let store = Store(initialState: PingPong(), commandReducer: pingOnlyReducer)
  measured(count) { store.dispatch(Ping()) }
case "command-action":
  let store = Store(initialState: PingPong(), commandReducer: pingPongReducer)
  measured(count) { store.dispatch(Ping()) }
case "command-working64":
  // Benchmark 15e: an action no row handles, with 64 of 10,000 rows' work in flight, whose
  // presence the store checks after the action.
  let store = Store(initialState: RowTable(), commandReducer: workingRowsReducer)
  for id in 0..<64 { store.dispatch(ElementAction<Row>(id: id, action: StartRowWork())) }
  measured(count) { store.dispatch(Ping()) }
case "thunks-none":
  // Benchmark 9: a plain action through the thunk middleware, which lets it pass.
  let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [.thunks()])
  measured(count) { store.dispatch(Increment()) }
case "effects-none":
  let store = Store(initialState: Counter(), reducer: counterReducer, effects: [])
  measured(count) { store.dispatch(Increment()) }
case "effects-typed":
  let store = Store(initialState: Counter(), reducer: counterReducer, effects: tenTypedEffects)
  measured(count) { store.dispatch(Increment()) }
default:
  let store = Store(
    initialState: Counter(), reducer: counterReducer, effects: [makeQuietLoggerEffect()])
  measured(count) { store.dispatch(Increment()) }
}
print("\(scenario): \(count) operations")
