import Foundation
import ReduxCore
import ReduxSeam
import Testing

/// Starts a "load" whose result comes back when the test opens `gate`, reporting the work.
struct Load: Action {}
struct Loaded: Action {}

final class Gate: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Void.self)
  }

  func open() { continuation.finish() }

  func wait() async {
    for await _ in stream {}
  }
}

func loader(_ gate: Gate, handles: Recorder<Bool>) -> Middleware<Counter> {
  Middleware { context, action, next in
    next(action)
    guard action is Load else { return }
    let work = context.workLedger.beginWork(origin: context.workLedger.processingOrigin, "load")
    handles.append(work != nil)
    let origin = context.workLedger.processingOrigin
    Task {
      await gate.wait()
      context.dispatch(Add(amount: 10), origin: origin)
      work?.end()
    }
  }
}

@Suite("Work reporting")
struct WorkReportingTests {
  @Test("send resumes after the action was processed, even behind another thread's work")
  func sendWaitsItsTurn() async throws {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let blocker = Middleware<Counter> { _, action, next in
      if let label = action as? SetLabel, label.label == "slow" {
        entered.signal()
        release.wait()
      }
      next(action)
    }
    let store = makeCounterStore(middleware: [blocker])
    let thread = Thread { store.dispatch(SetLabel(label: "slow")) }
    thread.start()
    entered.wait()
    // The other thread is processing: a plain dispatch would only queue Increment.
    async let sent: StoreTask = store.send(Increment())
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { release.signal() }
    _ = await sent
    #expect(store.state.count == 1)
    #expect(store.state.label == "slow")
  }

  @Test("finish waits for the work the sent action started and the actions it sent")
  func finishWaitsForWork() async {
    let gate = Gate()
    let handles = Recorder<Bool>()
    let store = makeCounterStore(middleware: [loader(gate, handles: handles)])
    let task = await store.send(Load())
    #expect(handles.values == [true])
    #expect(!task.isFinished)
    #expect(store.state.count == 0)
    gate.open()
    await task.finish()
    #expect(task.isFinished)
    #expect(store.state.count == 10)
  }

  @Test("plain dispatch is untracked: nothing is recorded and nobody waits")
  func dispatchIsUntracked() async {
    let gate = Gate()
    let handles = Recorder<Bool>()
    let store = makeCounterStore(middleware: [loader(gate, handles: handles)])
    store.dispatch(Load())
    #expect(handles.values == [false])
    #expect(store.workLedger.descriptions().isEmpty)
    gate.open()
  }

  @Test("actions queued while a sent action is processed are part of its work")
  func queuedActionsInheritTheOrigin() async {
    let gate = Gate()
    let handles = Recorder<Bool>()
    // SetStep makes a plain middleware dispatch Load; the Load inherits SetStep's origin.
    let relay = Middleware<Counter> { context, action, next in
      next(action)
      if action is SetStep { context.dispatch(Load()) }
    }
    let store = makeCounterStore(middleware: [relay, loader(gate, handles: handles)])
    let task = await store.send(SetStep(step: 2))
    await Task.yield()
    gate.open()
    await task.finish()
    #expect(handles.values == [true])
    #expect(store.state.count == 10)
  }

  @Test("the probe sees every action with its origin, and tracks untracked work")
  func probeSeesEverything() async {
    let gate = Gate()
    let handles = Recorder<Bool>()
    let store = makeCounterStore(middleware: [loader(gate, handles: handles)])
    let seen = Recorder<String>()
    store.installTestProbe(
      { processed in
        seen.append("\(processed.action) sent:\(processed.isSent) count:\(processed.state.count)")
      }, runtimeWarnings: { _ in })
    store.dispatch(Load())
    #expect(handles.values == [true])
    #expect(store.workLedger.descriptions() == ["load"])
    await store.send(Increment())
    gate.open()
    await store.workLedger.wait(for: nil)
    #expect(store.workLedger.descriptions().isEmpty)
    #expect(
      seen.values == [
        "Load() sent:false count:0", "Increment() sent:true count:1",
        "Add(amount: 10) sent:false count:11",
      ])
  }

  @Test("a dispatch with a listener on a released store tells the listener at once")
  func releasedStoreCompletes() {
    let context = Recorder<MiddlewareContext<Counter>>()
    var store: Store<Counter>? = makeCounterStore(middleware: [
      Middleware(onAttach: { context.append($0) }) { _, action, next in next(action) }
    ])
    _ = store
    store = nil
    let listener = ProcessedRecorder()
    context.values.first?.dispatch(Increment(), origin: .untracked, listener: listener)
    #expect(listener.count.values == [1])
  }

  @Test("a dispatch with a listener tells it once, after the reducer ran")
  func listenerHearsAfterReducer() {
    let context = Recorder<MiddlewareContext<Counter>>()
    let store = makeCounterStore(middleware: [
      Middleware(onAttach: { context.append($0) }) { _, action, next in next(action) }
    ])
    let listener = ProcessedRecorder(reading: { store.state.count })
    context.values.first?.dispatch(Increment(), origin: .untracked, listener: listener)
    #expect(listener.count.values == [1])
  }

  @Test("a tracked dispatch object is queued as it is, and told once, after the reducer ran")
  func trackedDispatchHearsAfterReducer() {
    let context = Recorder<MiddlewareContext<Counter>>()
    let store = makeCounterStore(middleware: [
      Middleware(onAttach: { context.append($0) }) { _, action, next in next(action) }
    ])
    let tracked = RecordingDispatch(Increment(), reading: { store.state.count })
    context.values.first?.dispatch(tracked)
    #expect(tracked.count.values == [1])
    #expect(store.state.count == 1)
  }

  @Test("a tracked dispatch object on a released store is told at once")
  func trackedDispatchOnReleasedStore() {
    let context = Recorder<MiddlewareContext<Counter>>()
    var store: Store<Counter>? = makeCounterStore(middleware: [
      Middleware(onAttach: { context.append($0) }) { _, action, next in next(action) }
    ])
    _ = store
    store = nil
    let tracked = RecordingDispatch(Increment())
    context.values.first?.dispatch(tracked)
    #expect(tracked.count.values == [1])
  }

  @Test("a tracked dispatch object is processed on behalf of its origin, as that send's work")
  func trackedDispatchCarriesItsOrigin() async {
    let gate = Gate()
    let origins = Recorder<ActionOrigin>()
    let store = makeCounterStore(middleware: [
      Middleware { context, action, next in
        next(action)
        origins.append(context.workLedger.processingOrigin)
        guard action is Load else { return }
        let origin = context.workLedger.processingOrigin
        let work = context.workLedger.beginWork(origin: origin, "dispatch after the gate")
        Task {
          await gate.wait()
          context.dispatch(RecordingDispatch(Increment(), origin: origin))
          work?.end()
        }
      }
    ])
    let task = await store.send(Load())
    #expect(!task.isFinished)
    gate.open()
    await task.finish()
    #expect(store.state.count == 1)
    #expect(origins.values.count == 2)
    #expect(origins.values.allSatisfy { $0.isTracked && $0 == origins.values.first })
  }

  @Test("finish returns when the waiting task is cancelled; the work goes on")
  func finishReturnsOnCancellation() async {
    let gate = Gate()
    let store = makeCounterStore(middleware: [loader(gate, handles: Recorder())])
    let task = await store.send(Load())
    let waiter = Task { await task.finish() }
    waiter.cancel()
    await waiter.value
    #expect(!task.isFinished)
    gate.open()
    await task.finish()
    #expect(store.state.count == 10)
  }
}

/// Records, each time it is told an action was processed, a number read then (1 by default).
private final class ProcessedRecorder: ActionProcessedListener {
  let count = Recorder<Int>()
  private let read: @Sendable () -> Int

  init(reading read: @escaping @Sendable () -> Int = { 1 }) {
    self.read = read
  }

  func actionProcessed() {
    count.append(read())
  }
}

/// A module's own object for a tracked dispatch; records a number read each time it is told
/// its action was processed (1 by default).
private final class RecordingDispatch: TrackedDispatch {
  let action: any Action
  let origin: ActionOrigin
  var isSent: Bool { false }
  var pending: UInt64? { nil }
  var waitsForConsequences: Bool { false }
  var cause: (any TrackedDispatch)? { nil }
  var waitsForRoom: Bool { true }
  let count = Recorder<Int>()
  private let read: @Sendable () -> Int

  init(
    _ action: any Action, origin: ActionOrigin = .untracked,
    reading read: @escaping @Sendable () -> Int = { 1 }
  ) {
    self.action = action
    self.origin = origin
    self.read = read
  }

  func shouldProcess() -> Bool { true }
  func actionReduced() {}
  func consequenceAdded() {}
  func consequenceProcessed() -> Bool { true }

  func actionProcessed() {
    count.append(read())
  }
}
