import ReduxCore
import Testing

/// An actor that keeps what a subscription delivers to it.
actor StateLog {
  private(set) var counts: [Int] = []

  func append(_ count: Int) {
    counts.append(count)
  }
}

/// Main-actor state, as a view model's.
@MainActor
final class Label {
  var text = ""
}

@Suite("Store.subscribe(on:) and subscribeOnMainActor")
struct StoreActorDeliveryTests {
  @Test("on the main actor: the current state, then one delivery per burst, the newest")
  @MainActor
  func mainActorCoalesces() async {
    let store = makeCounterStore()
    let (counts, continuation) = AsyncStream.makeStream(of: Int.self)
    let label = Label()
    let subscription = store.subscribeOnMainActor { state in
      label.text = "\(state.count)"
      continuation.yield(state.count)
    }
    var iterator = counts.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    // The hop cannot run before this synchronous loop ends.
    for _ in 0..<1_000 { store.dispatch(Increment()) }
    #expect(await iterator.next() == 1_000)
    store.dispatch(Increment())
    #expect(await iterator.next() == 1_001)
    #expect(label.text == "1001")
    subscription.cancel()
  }

  @Test("cancelled on the main actor with a delivery pending, it is not called again")
  @MainActor
  func cancelDropsPendingDelivery() async {
    let store = makeCounterStore()
    let delivered = Recorder<Int>()
    let (first, firstContinuation) = AsyncStream.makeStream(of: Int.self)
    let subscription = store.subscribeOnMainActor { state in
      delivered.append(state.count)
      firstContinuation.yield(state.count)
    }
    var firstValues = first.makeAsyncIterator()
    #expect(await firstValues.next() == 0)
    store.dispatch(Increment())  // schedules a hop for count 1
    subscription.cancel()
    // A later subscription's first hop is queued on the main actor after the cancelled one's,
    // so once it has delivered, the cancelled one's hop has run too.
    let (later, laterContinuation) = AsyncStream.makeStream(of: Int.self)
    let probe = store.subscribeOnMainActor { laterContinuation.yield($0.count) }
    var laterValues = later.makeAsyncIterator()
    #expect(await laterValues.next() == 1)
    #expect(delivered.values == [0])
    probe.cancel()
  }

  @Test("on another actor: 10,000 background commits arrive in order, ending with the last")
  func anyActorInOrder() async {
    let store = makeCounterStore()
    let log = StateLog()
    let (counts, continuation) = AsyncStream.makeStream(of: Int.self)
    let subscription = store.subscribe(on: log) { log, state in
      log.append(state.count)
      continuation.yield(state.count)
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<5_000 { store.dispatch(Increment()) }
        }
      }
    }
    for await count in counts where count == 10_000 { break }
    let delivered = await log.counts
    #expect(delivered.last == 10_000)
    #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $0 < $1 })
    subscription.cancel()
  }
}
