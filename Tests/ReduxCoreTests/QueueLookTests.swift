import ReduxCore
import Testing

/// Records, when it sees `Increment`, what the store's queue looks like after the action was
/// processed, having dispatched `follow` follow-up actions first; and the same once those
/// follow-ups have been processed.
private func looker(follow: Int, looks: Recorder<String>) -> Middleware<Counter> {
  Middleware { context, action, next in
    next(action)
    if action is Increment {
      let before = context.nestedDispatchCount
      for _ in 0..<follow { context.dispatch(Add(amount: 1)) }
      let nested = context.nestedDispatchCount - before
      looks.append("after Increment: empty \(context.isQueueEmpty), nested +\(nested)")
    } else if let add = action as? Add, add.amount == 1, context.isQueueEmpty {
      looks.append("last follow-up: empty \(context.isQueueEmpty)")
    }
  }
}

@Suite("A look at the store's queue (isQueueEmpty, nestedDispatchCount)")
struct QueueLookTests {
  @Test("dispatches made while an action is processed are queued, and counted as nested")
  func nestedDispatches() {
    let looks = Recorder<String>()
    let store = makeCounterStore(middleware: [looker(follow: 2, looks: looks)])
    store.dispatch(Increment())
    #expect(
      looks.values == [
        "after Increment: empty false, nested +2", "last follow-up: empty true",
      ])
    #expect(store.state.count == 3)
  }

  @Test("an action that dispatches nothing leaves the queue empty and the count unchanged")
  func nothingDispatched() {
    let looks = Recorder<String>()
    let store = makeCounterStore(middleware: [looker(follow: 0, looks: looks)])
    store.dispatch(Increment())
    #expect(looks.values == ["after Increment: empty true, nested +0"])
  }

  @Test("dispatches from other threads are not counted as nested")
  func otherThreads() async {
    let counts = Recorder<UInt64>()
    let probe = Middleware<Counter> { context, action, next in
      next(action)
      if action is Increment { counts.append(context.nestedDispatchCount) }
    }
    let store = makeCounterStore(middleware: [probe])
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<500 { store.dispatch(Add(amount: 2)) }
        }
      }
    }
    store.dispatch(Increment())
    #expect(counts.values == [0])
    #expect(store.state.count == 4_001)
  }
}
