import Foundation
import ReduxSeam
import Testing

@testable import ReduxCore

/// The store under more work than it can keep up with: real threads (the cooperative pool has
/// one thread per core, too few to overload a store), a subscriber slower than the producers.
@Suite("Store under load")
struct StoreLoadTests {
  @Test("a dispatch on an idle store returns while other threads keep dispatching")
  func boundedDrain() {
    let store = Store(initialState: Tally(), reducer: tallyReducer)
    let started = DispatchSemaphore(value: 0)
    let primed = DispatchSemaphore(value: 0)
    let subscription = store.subscribe { state in
      if state.total == 1 && state.first == Tally.opener {
        // The opener is being processed: let the producers fill the queue behind it.
        started.signal()
        started.signal()
        primed.wait()
      }
      spin()
    }
    // 300 queued behind the opener, well below the queue's capacity: no producer waits yet.
    let producers = Producers(count: 2, actionsEach: 50_000) { produced in
      if produced == 300 { primed.signal() }
    }
    producers.start(into: store, after: started)

    store.dispatch(Tag(producer: Tally.opener, index: 0))
    let producedWhenReturned = producers.produced
    producers.stop()
    producers.join()

    // Before bounded draining, this dispatch processed every action the producers dispatched
    // while it drained, and returned only after they had all finished (100,000 actions).
    #expect(producedWhenReturned < 50_000)
    let state = store.state
    #expect(state.total == 1 + producers.produced)
    #expect(state.outOfOrder == 0)
    subscription.cancel()
  }

  @Test("overloaded by 4 threads: nothing lost, FIFO per thread, the queue stays bounded")
  func overloadIsBounded() {
    let store = Store(initialState: Tally(), reducer: tallyReducer)
    let longestQueue = Recorder<Int>()
    let subscription = store.subscribe { _ in
      longestQueue.append(store.queueUsage.count)
      spin()
    }
    let producers = Producers(count: 4, actionsEach: 5_000) { _ in }
    producers.start(into: store, after: nil)
    producers.join()

    let state = store.state
    #expect(state.total == 20_000)
    #expect(state.perProducer == [5_000, 5_000, 5_000, 5_000])
    #expect(state.outOfOrder == 0)
    let longest = longestQueue.values.max() ?? 0
    // Producers wait at 1,024 queued items; a thread taking the role over queues one more.
    #expect(longest <= 1_024 + 4)
    #expect(longest >= 512, "the producers did not overload the store; the test shows nothing")
    subscription.cancel()
  }

  @Test("the queue gives its memory back after a burst")
  func memoryGivenBack() {
    let store = Store(initialState: Tally(), reducer: tallyReducer)
    let largest = Recorder<Int>()
    let subscription = store.subscribe { state in
      if state.total == 1 {
        // Queue a burst from the drainer's own thread: it is never made to wait.
        for index in 0..<10_000 { store.dispatch(Tag(producer: 0, index: index)) }
        largest.append(store.queueUsage.capacity)
      }
    }
    store.dispatch(Tag(producer: 1, index: 0))
    #expect(store.state.total == 10_001)
    #expect((largest.values.first ?? 0) >= 10_000)
    #expect(store.queueUsage.count == 0)
    #expect(store.queueUsage.capacity <= 256)
    subscription.cancel()
  }
}

/// Counts actions, per producer, and how many arrived out of order.
struct Tally: Sendable {
  static let opener = 99
  var total = 0
  var first: Int?
  var perProducer = [Int](repeating: 0, count: 4)
  var nextIndex = [Int](repeating: 0, count: 4)
  var outOfOrder = 0
}

/// The `index`th action of `producer`.
struct Tag: Action {
  var producer: Int
  var index: Int
}

let tallyReducer = Reducer<Tally>.on(Tag.self) { state, action in
  state.total += 1
  if state.first == nil { state.first = action.producer }
  guard action.producer < 4 else { return }
  if action.index != state.nextIndex[action.producer] { state.outOfOrder += 1 }
  state.nextIndex[action.producer] = action.index + 1
  state.perProducer[action.producer] += 1
}

/// Work that makes a subscriber slower than a dispatch.
func spin() {
  var value = 0
  for index in 0..<2_000 { value = value &* 31 &+ index }
  withExtendedLifetime(value) {}
}

/// Threads that each dispatch `actionsEach` tagged actions, until stopped; `onDispatched` gets
/// the number of actions dispatched so far by all of them.
final class Producers: Sendable {
  let count: Int
  let actionsEach: Int
  private let onDispatched: @Sendable (_ produced: Int) -> Void
  private let progress = Lock((produced: 0, stopped: false))
  private let finished = DispatchSemaphore(value: 0)

  init(
    count: Int, actionsEach: Int,
    onDispatched: @escaping @Sendable (_ produced: Int) -> Void
  ) {
    self.count = count
    self.actionsEach = actionsEach
    self.onDispatched = onDispatched
  }

  /// Actions dispatched so far (their `dispatch` calls returned).
  var produced: Int { progress.withLock { $0.produced } }

  func start(into store: Store<Tally>, after signal: DispatchSemaphore?) {
    for producer in 0..<count {
      Thread { [self] in
        signal?.wait()
        for index in 0..<actionsEach {
          if progress.withLock({ $0.stopped }) { break }
          store.dispatch(Tag(producer: producer, index: index))
          let produced = progress.withLock { progress in
            progress.produced += 1
            return progress.produced
          }
          onDispatched(produced)
        }
        finished.signal()
      }.start()
    }
  }

  func stop() { progress.withLock { $0.stopped = true } }

  /// Returns when every producer has returned from its last dispatch.
  func join() {
    for _ in 0..<count { finished.wait() }
  }
}
