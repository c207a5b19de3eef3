import ReduxCore
import ReduxSeam
import Synchronization
import Testing

/// A tracked action that records when the store reduced it and when it reported it processed.
private final class Watched: TrackedDispatch {
  let action: any Action
  let origin = ActionOrigin.untracked
  let isSent = false
  let pending: UInt64? = nil
  let waitsForConsequences: Bool
  let cause: (any TrackedDispatch)? = nil
  let waitsForRoom = true
  private let name: String
  private let log: Recorder<String>
  /// The action and its consequences not processed yet: the object is the store's counter.
  private let remaining = Atomic<Int>(1)

  init(_ action: any Action, _ name: String, waits: Bool = true, log: Recorder<String>) {
    self.action = action
    self.name = name
    self.waitsForConsequences = waits
    self.log = log
  }

  func shouldProcess() -> Bool { true }

  func actionReduced() {
    log.append("\(name) reduced")
  }

  func consequenceAdded() {
    remaining.wrappingAdd(1, ordering: .relaxed)
  }

  func consequenceProcessed() -> Bool {
    remaining.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0
  }

  func actionProcessed() {
    log.append("\(name) processed")
  }
}

/// Logs each action it sees, and dispatches `follow` `Add(amount: 1)`s (each dispatching
/// `Add(amount: 2)` in turn) while an `Increment` is processed.
private func follower(follow: Int, log: Recorder<String>) -> Middleware<Counter> {
  Middleware { context, action, next in
    next(action)
    if let add = action as? Add { log.append("Add \(add.amount)") }
    if action is Increment {
      for _ in 0..<follow { context.dispatch(Add(amount: 1)) }
    } else if (action as? Add)?.amount == 1 {
      context.dispatch(Add(amount: 2))
    }
  }
}

@Suite("An action that waits for its consequences")
struct ConsequencesTests {
  @Test("is reported processed after what its processing dispatched, transitively")
  func transitiveConsequences() {
    let log = Recorder<String>()
    let store = makeCounterStore(middleware: [follower(follow: 2, log: log)])
    store.dispatch(Watched(Increment(), "Increment", log: log))
    #expect(
      log.values == [
        "Increment reduced", "Add 1", "Add 1", "Add 2", "Add 2", "Increment processed",
      ])
    #expect(store.state.count == 7)
  }

  @Test("without consequences, is reported processed right after it was reduced")
  func noConsequences() {
    let log = Recorder<String>()
    let store = makeCounterStore(middleware: [follower(follow: 0, log: log)])
    store.dispatch(Watched(Increment(), "Increment", log: log))
    #expect(log.values == ["Increment reduced", "Increment processed"])
  }

  @Test("a listener that does not wait is told before the actions its processing dispatched")
  func listenerThatDoesNotWait() {
    let log = Recorder<String>()
    let store = makeCounterStore(middleware: [follower(follow: 1, log: log)])
    store.dispatch(Watched(Increment(), "Increment", waits: false, log: log))
    #expect(log.values == ["Increment processed", "Add 1", "Add 2"])
  }

  @Test("actions other threads dispatch meanwhile are not its consequences")
  func otherThreads() async {
    let log = Recorder<String>()
    let store = makeCounterStore()
    let isDone = Recorder<Bool>()
    let others = (0..<4).map { _ in
      Task.detached {
        while isDone.values.isEmpty { store.dispatch(Add(amount: 2)) }
      }
    }
    for index in 0..<100 { store.dispatch(Watched(Increment(), "\(index)", log: log)) }
    isDone.append(true)
    for other in others { await other.value }
    #expect(log.values.count == 200)
    #expect(log.values.suffix(2) == ["99 reduced", "99 processed"])
  }

}
