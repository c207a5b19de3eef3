import Foundation
import ReduxCore
import ReduxSeam
import Testing

@Suite("Subscriptions")
struct SubscriptionTests {
  @Test("a subscriber gets the current state at once, then each committed state")
  func currentThenEach() {
    let store = makeCounterStore()
    store.dispatch(Add(amount: 5))
    let seen = Recorder<Int>()
    let subscription = store.subscribe { seen.append($0.count) }
    #expect(seen.values == [5])
    store.dispatch(Increment())
    store.dispatch(Noop())
    #expect(seen.values == [5, 6, 6])
    subscription.cancel()
  }

  @Test("a selector subscription is not called when an unrelated part of the state changes")
  func selectorSkipsUnrelated() {
    let store = makeCounterStore()
    let counts = Recorder<Int>()
    let subscription = store.subscribe(select: \.count) { counts.append($0) }
    store.dispatch(SetLabel(label: "a"))
    store.dispatch(SetStep(step: 2))
    store.dispatch(Noop())
    #expect(counts.values == [0])
    store.dispatch(Increment())
    store.dispatch(SetLabel(label: "b"))
    store.dispatch(Increment())
    #expect(counts.values == [0, 2, 4])
    subscription.cancel()
  }

  @Test("a selector closure can derive a value from several fields")
  func derivedSelector() {
    let store = makeCounterStore()
    let seen = Recorder<String>()
    let labelAndCount: @Sendable (Counter) -> String = { "\($0.label)#\($0.count)" }
    let subscription = store.subscribe(select: labelAndCount) { seen.append($0) }
    store.dispatch(SetLabel(label: "n"))
    store.dispatch(SetStep(step: 3))
    store.dispatch(Increment())
    #expect(seen.values == ["#0", "n#0", "n#3"])
    subscription.cancel()
  }

  @Test("a selector with isEqual delivers a non-Equatable value only when isEqual says it changed")
  func customIsEqualForNonEquatable() {
    struct Badge: Sendable {  // deliberately not Equatable
      var count: Int
      var label: String
    }
    let store = makeCounterStore()
    let seen = Recorder<String>()
    let badge: @Sendable (Counter) -> Badge = { Badge(count: $0.count, label: $0.label) }
    let sameCount: @Sendable (Badge, Badge) -> Bool = { $0.count == $1.count }
    let subscription = store.subscribe(select: badge, isEqual: sameCount) {
      seen.append("\($0.count)\($0.label)")
    }
    store.dispatch(SetLabel(label: "x"))  // count unchanged: skipped
    store.dispatch(Increment())
    store.dispatch(SetLabel(label: "y"))  // skipped
    #expect(seen.values == ["0", "1x"])
    subscription.cancel()
  }

  @Test("isEqual compares with the last value delivered, not the last value selected")
  func customIsEqualAgainstLastDelivered() {
    let store = makeCounterStore()
    let seen = Recorder<Int>()
    let close: @Sendable (Int, Int) -> Bool = { previous, next in abs(next - previous) < 5 }
    let subscription = store.subscribe(select: \.count, isEqual: close) { seen.append($0) }
    for amount in [3, 3, 1, 5] { store.dispatch(Add(amount: amount)) }  // 3, 6, 7, 12
    #expect(seen.values == [0, 6, 12])
    subscription.cancel()
  }

  @Test("after cancel() the callback is not called again")
  func cancelStops() {
    let store = makeCounterStore()
    let seen = Recorder<Int>()
    let subscription = store.subscribe { seen.append($0.count) }
    store.dispatch(Increment())
    subscription.cancel()
    subscription.cancel()
    store.dispatch(Increment())
    #expect(seen.values == [0, 1])
  }

  @Test("releasing the token ends the subscription")
  func releaseEnds() {
    let store = makeCounterStore()
    let seen = Recorder<Int>()
    var subscription: Subscription? = store.subscribe(select: \.count) { seen.append($0) }
    store.dispatch(Increment())
    #expect(subscription != nil)
    subscription = nil
    store.dispatch(Increment())
    #expect(seen.values == [0, 1])
  }

  @Test("a token kept after cancel() or after its store went keeps nothing its callback captured")
  func tokenKeepsNothing() {
    final class Captured: Sendable {}
    weak var afterCancel: Captured?
    weak var afterStore: Captured?
    let store = makeCounterStore()
    var tokens: [Subscription] = []
    do {
      let captured = Captured()
      afterCancel = captured
      tokens.append(store.subscribe(select: \.count) { _ in _ = captured })
    }
    tokens[0].cancel()
    #expect(afterCancel == nil)
    do {
      var other: Store<Counter>? = makeCounterStore()
      let captured = Captured()
      afterStore = captured
      tokens.append(other!.subscribe { _ in _ = captured })
      other = nil
    }
    #expect(afterStore == nil)
    tokens[1].cancel()  // the store is gone: nothing to do, and no crash
  }

  @Test("a subscriber can cancel itself and another subscriber during a notification")
  func cancelDuringNotification() {
    let store = makeCounterStore()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let tokens = Lock<[Subscription]>([])
    tokens.withLock {
      $0.append(
        store.subscribe { state in
          first.append(state.count)
          if state.count == 1 {
            for token in tokens.withLock({ $0 }) { token.cancel() }
          }
        })
    }
    tokens.withLock { $0.append(store.subscribe { second.append($0.count) }) }
    store.dispatch(Increment())
    store.dispatch(Increment())
    #expect(first.values == [0, 1])
    // Cancelled by the first subscriber before its turn in the same notification.
    #expect(second.values == [0])
  }

  @Test("subscribing during a notification delivers the first value after the current one")
  func subscribeDuringNotification() {
    let store = makeCounterStore()
    let inner = Recorder<Int>()
    let order = Recorder<String>()
    let innerToken = Lock<Subscription?>(nil)
    let outer = store.subscribe(select: \.count) { count in
      order.append("outer \(count)")
      if count == 1 {
        let token = store.subscribe(select: \.count) { value in
          order.append("inner \(value)")
          inner.append(value)
        }
        innerToken.withLock { $0 = token }
      }
    }
    store.dispatch(Increment())
    #expect(order.values == ["outer 0", "outer 1", "inner 1"])
    store.dispatch(Increment())
    #expect(inner.values == [1, 2])
    outer.cancel()
    innerToken.withLock { $0?.cancel() }
  }

  @Test("subscribing from several tasks while others dispatch: each sees ascending values")
  func concurrentSubscribe() async {
    let store = makeCounterStore()
    let histories = (0..<4).map { _ in Recorder<Int>() }
    let tokens = Recorder<Subscription>()
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for _ in 0..<2_000 { store.dispatch(Increment()) }
      }
      for history in histories {
        group.addTask {
          tokens.append(store.subscribe { history.append($0.count) })
        }
      }
    }
    store.dispatch(Increment())
    #expect(store.state.count == 2_001)
    for history in histories {
      let values = history.values
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
      #expect(values.last == 2_001)
    }
    for token in tokens.values { token.cancel() }
  }
}

@Suite("Subscriptions: many")
struct ManySubscriptionsTests {
  @Test("cancelling 10,000 selector subscriptions takes well under a second")
  func cancelManyQuickly() {
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let seen = Recorder<Int>()
    let tokens = (0..<10_000).map { index in
      store.subscribe(select: { $0.count + index }) { _ in }
    }
    let kept = store.subscribe(select: \.count) { seen.append($0) }
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      for token in tokens { token.cancel() }
    }
    // Release builds take about 1 ms (benchmark 12); quadratic removal took 18 s.
    #expect(elapsed < .seconds(1))
    store.dispatch(Increment())
    #expect(seen.values == [0, 1])
    kept.cancel()
  }

  @Test("after cancelling many, the others are still notified in subscription order")
  func orderAfterCancelling() {
    let store = makeCounterStore()
    let order = Recorder<Int>()
    var tokens: [Subscription?] = (0..<100).map { index in
      store.subscribe(select: \.count) { count in if count > 0 { order.append(index) } }
    }
    // Enough cancellations to compact the list, in an order unlike the subscription order.
    for index in stride(from: 99, through: 0, by: -1) where index % 3 != 0 {
      tokens[index] = nil
    }
    let late = store.subscribe(select: \.count) { count in if count > 0 { order.append(100) } }
    store.dispatch(Increment())
    #expect(order.values == Array(stride(from: 0, to: 100, by: 3)) + [100])
    tokens.removeAll()
    late.cancel()
  }
}

@Suite("Subscriptions: cancel under contention")
struct CancelUnderContentionTests {
  @Test(
    "after cancel() returns on another thread, the callback is not running and not called again")
  func noCallbackAfterCancel() {
    let store = makeCounterStore()
    let stopped = Lock(false)
    let finished = DispatchSemaphore(value: 0)
    // Keeps the store busy: this thread is the drainer, calling the callbacks.
    Thread {
      while !stopped.withLock({ $0 }) { store.dispatch(Increment()) }
      finished.signal()
    }.start()

    let late = Lock((running: 0, calledAfterCancel: 0))
    for _ in 0..<200 {
      let isCancelled = Lock(false)
      let isRunning = Lock(false)
      let called = DispatchSemaphore(value: 0)
      let token = store.subscribe { _ in
        if isCancelled.withLock({ $0 }) { late.withLock { $0.calledAfterCancel += 1 } }
        isRunning.withLock { $0 = true }
        called.signal()
        spin()
        isRunning.withLock { $0 = false }
      }
      called.wait()
      token.cancel()
      isCancelled.withLock { $0 = true }
      if isRunning.withLock({ $0 }) { late.withLock { $0.running += 1 } }
    }
    stopped.withLock { $0 = true }
    finished.wait()

    // Before, cancel() returned while a notification already past its check was running the
    // callback, in most of these 200 rounds.
    #expect(late.withLock { $0.running } == 0)
    #expect(late.withLock { $0.calledAfterCancel } == 0)
  }
}
