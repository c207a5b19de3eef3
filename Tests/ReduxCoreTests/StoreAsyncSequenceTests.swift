import ReduxCore
import Testing

@Suite("Store async sequences")
struct StoreAsyncSequenceTests {
  @Test("states yields the current state, then each committed state")
  func statesInOrder() async {
    let store = makeCounterStore()
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    store.dispatch(Increment())
    #expect(await iterator.next()?.count == 1)
    store.dispatch(Add(amount: 2))
    #expect(await iterator.next()?.count == 3)
  }

  @Test("a slow consumer gets the newest state, not a backlog")
  func newestOnly() async {
    let store = makeCounterStore()
    var iterator = store.states.makeAsyncIterator()
    for _ in 0..<100 { store.dispatch(Increment()) }
    #expect(await iterator.next()?.count == 100)
    store.dispatch(Increment())
    #expect(await iterator.next()?.count == 101)
  }

  @Test("values(select:) yields only changes of the selected value")
  func selectedValues() async {
    let store = makeCounterStore()
    var iterator = store.values(select: \.label).makeAsyncIterator()
    #expect(await iterator.next() == "")
    store.dispatch(Increment())
    store.dispatch(SetLabel(label: "a"))
    #expect(await iterator.next() == "a")
    store.dispatch(SetLabel(label: "a"))
    store.dispatch(Increment())
    store.dispatch(SetLabel(label: "b"))
    #expect(await iterator.next() == "b")
  }

  @Test("the sequence ends when the store is released")
  func endsOnRelease() async {
    var store: Store<Counter>? = makeCounterStore()
    var iterator = store!.states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    store = nil
    #expect(await iterator.next() == nil)
  }

  @Test("a consumer that stops iterating ends its subscription and frees what it captured")
  func consumerStops() async {
    let store = makeCounterStore()
    weak var weakProbe: Probe?
    do {
      let probe = Probe()
      weakProbe = probe
      let counts = store.values(select: { state -> Int in
        _ = probe
        return state.count
      })
      for await count in counts where count == 0 { break }
    }
    store.dispatch(Increment())
    #expect(weakProbe == nil)
  }
}
