import ReduxCore
import ReduxSeam
import Testing

/// A tracked action that records how the store's queue looked once it had been processed
/// (`TrackedDispatch.actionProcessed(lookingAt:)`), or that the store was gone.
private final class Look: TrackedDispatch {
  let action: any Action
  let origin = ActionOrigin.untracked
  let isSent = false
  let pending: UInt64? = nil
  private let name: String
  private let looks: Recorder<String>

  init(_ action: any Action, _ name: String, looks: Recorder<String>) {
    self.action = action
    self.name = name
    self.looks = looks
  }

  func actionProcessed(lookingAt queue: () -> StoreQueueState) {
    let queue = queue()
    looks.append("\(name): empty \(queue.isEmpty), nested \(queue.nestedDispatchCount)")
  }

  func actionProcessed() {
    looks.append("\(name): store gone")
  }
}

/// Dispatches `follow` follow-up `Add(amount: 1)`s, each a ``Look``, while `Increment` is
/// processed.
private func follower(follow: Int, looks: Recorder<String>) -> Middleware<Counter> {
  Middleware { context, action, next in
    next(action)
    guard action is Increment else { return }
    for index in 0..<follow {
      context.dispatch(Look(Add(amount: 1), "follow-up \(index + 1)", looks: looks))
    }
  }
}

@Suite("A look at the store's queue once a tracked action has been processed")
struct QueueLookTests {
  @Test("dispatches made while an action is processed are queued behind it, and counted as nested")
  func nestedDispatches() {
    let looks = Recorder<String>()
    let store = makeCounterStore(middleware: [follower(follow: 2, looks: looks)])
    store.dispatch(Look(Increment(), "Increment", looks: looks))
    #expect(
      looks.values == [
        "Increment: empty false, nested 2",
        "follow-up 1: empty false, nested 2",
        "follow-up 2: empty true, nested 2",
      ])
    #expect(store.state.count == 3)
  }

  @Test("an action that dispatches nothing leaves the queue empty and the count unchanged")
  func nothingDispatched() {
    let looks = Recorder<String>()
    let store = makeCounterStore(middleware: [follower(follow: 0, looks: looks)])
    store.dispatch(Look(Increment(), "Increment", looks: looks))
    #expect(looks.values == ["Increment: empty true, nested 0"])
  }

  @Test("dispatches from other threads are not counted as nested")
  func otherThreads() async {
    let looks = Recorder<String>()
    let store = makeCounterStore()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<500 { store.dispatch(Add(amount: 2)) }
        }
      }
    }
    store.dispatch(Look(Increment(), "Increment", looks: looks))
    #expect(looks.values == ["Increment: empty true, nested 0"])
    #expect(store.state.count == 4_001)
  }
}
