import Foundation
import ReduxCore
import ReduxSeam
import Testing

@Suite("Cancelling reported work")
struct CancellingWorkTests {
  /// Starts, for each `Load`, a task that runs until cancelled and reports it as cancellable.
  private func cancellable(_ cancelled: Recorder<String>) -> Middleware<Counter> {
    Middleware { context, action, next in
      next(action)
      guard action is Load else { return }
      guard
        let work = context.workLedger.beginWork(origin: context.workLedger.processingOrigin, "load")
      else {
        return
      }
      let task = Task {
        while !Task.isCancelled { await Task.yield() }
        cancelled.append("load")
        work.end()
      }
      work.onCancel { task.cancel() }
    }
  }

  @Test("cancelling a send's work runs the cancel handlers and the work ends")
  func cancelsASendsWork() async {
    let cancelled = Recorder<String>()
    let store = makeCounterStore(middleware: [cancellable(cancelled)])
    let task = await store.send(Load())
    #expect(store.workLedger.descriptions(origin: task.origin) == ["load"])
    #expect(store.workLedger.cancel(origin: task.origin).isEmpty)
    await task.finish()
    #expect(cancelled.values == ["load"])
    #expect(task.isFinished)
  }

  @Test("work without a cancel handler is returned by name, and only the send's own work")
  func uncancellableWork() async {
    let gate = Gate()
    let store = makeCounterStore(middleware: [loader(gate, handles: Recorder())])
    let first = await store.send(Load())
    let second = await store.send(Load())
    #expect(store.workLedger.cancel(origin: first.origin) == ["load"])
    #expect(store.workLedger.descriptions(origin: second.origin) == ["load"])
    // Asked again, it is not reported twice.
    #expect(store.workLedger.cancel(origin: first.origin).isEmpty)
    gate.open()
    await first.finish()
    await second.finish()
  }

  @Test("a cancel handler given after the work was cancelled runs at once")
  func lateHandler() async throws {
    let ran = Recorder<Bool>()
    let handles = Recorder<WorkHandle>()
    let starter = Middleware<Counter> { context, action, next in
      next(action)
      if action is Load,
        let work = context.workLedger.beginWork(origin: context.workLedger.processingOrigin, "load")
      {
        handles.append(work)
      }
    }
    let store = makeCounterStore(middleware: [starter])
    let task = await store.send(Load())
    #expect(store.workLedger.cancel(origin: task.origin) == ["load"])
    let work = try #require(handles.values.first)
    work.onCancel { ran.append(true) }
    #expect(ran.values == [true])
    work.end()
    await task.finish()
  }
}
