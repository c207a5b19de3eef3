import Foundation
import ReduxCore
import ReduxSeam
import Testing

/// A cart: items, a minimum shown, a discount and a note no selector reads.
struct Cart: Sendable {
  var items = [1, 2, 3]
  var minimum = 0
  var discount = 0
  var note = ""
}

struct AddItem: Action { var value: Int }
struct SetMinimum: Action { var minimum: Int }
struct SetDiscount: Action { var discount: Int }
struct SetNote: Action { var note: String }

let cartReducer = Reducer<Cart>
  .on(AddItem.self) { state, action in state.items.append(action.value) }
  .on(SetMinimum.self) { state, action in state.minimum = action.minimum }
  .on(SetDiscount.self) { state, action in state.discount = action.discount }
  .on(SetNote.self) { state, action in state.note = action.note }

/// A selector of the cart's total that records each run of its projector.
func makeTotal(_ runs: Recorder<Int>) -> MemoizedSelector<Cart, Int> {
  MemoizedSelector(\Cart.items, \.discount) { items, discount in
    let total = items.reduce(0, +) - discount
    runs.append(total)
    return total
  }
}

@Suite("MemoizedSelector", .timeLimit(.minutes(1)))
struct MemoizedSelectorTests {
  @Test("recomputations counts the projector's runs, as reselect's does, and can be reset")
  func recomputations() {
    let total = MemoizedSelector(\Cart.items, \.discount) { items, discount in
      items.reduce(0, +) - discount
    }
    var cart = Cart()
    #expect(total.recomputations == 0)
    _ = total(cart)
    cart.note = "not an input"
    _ = total(cart)
    #expect(total.recomputations == 1)
    cart.discount = 1
    _ = total(cart)
    #expect(total.recomputations == 2)
    total.resetRecomputations()
    #expect(total.recomputations == 0)
    _ = total(cart)  // remembered: the reset keeps the memory
    #expect(total.recomputations == 0)
  }

  @Test("1,000 subscribers to one selector compute it once per state change, none for others")
  func onceForAThousandSubscribers() {
    let runs = Recorder<Int>()
    let total = makeTotal(runs)
    let store = Store(initialState: Cart(), reducer: cartReducer)
    let delivered = Recorder<Int>()
    let tokens = (0..<1_000).map { _ in store.subscribe(total) { delivered.append($0) } }
    #expect(runs.values == [6])
    #expect(delivered.values.count == 1_000)
    store.dispatch(AddItem(value: 4))
    #expect(runs.values == [6, 10])
    #expect(delivered.values.count == 2_000)
    #expect(delivered.values.suffix(1_000).allSatisfy { $0 == 10 })
    store.dispatch(SetNote(note: "gift"))
    #expect(runs.values == [6, 10])
    #expect(delivered.values.count == 2_000)
    store.dispatch(SetDiscount(discount: 5))
    #expect(runs.values == [6, 10, 5])
    #expect(delivered.values.count == 3_000)
    withExtendedLifetime(tokens) {}
  }

  @Test("a selector built on another runs nothing when that one's value did not change")
  func skipsDownstreamWork() {
    let visibleRuns = Recorder<Int>()
    let countRuns = Recorder<Int>()
    let visible = MemoizedSelector(\Cart.items, \.minimum) { items, minimum in
      visibleRuns.append(minimum)
      return items.filter { $0 >= minimum }
    }
    let count = MemoizedSelector(visible) { visible in
      countRuns.append(visible.count)
      return visible.count
    }
    var cart = Cart()
    #expect(count(cart) == 3)
    cart.note = "gift"
    #expect(count(cart) == 3)
    #expect(visibleRuns.values.count == 1)
    // A new minimum that filters out nothing: `visible` runs, its value is equal, `count` skips.
    cart.minimum = 1
    #expect(count(cart) == 3)
    #expect(visibleRuns.values == [0, 1])
    #expect(countRuns.values == [3])
    cart.minimum = 2
    #expect(count(cart) == 2)
    #expect(countRuns.values == [3, 2])
  }

  @Test("selectors, key paths and functions of the state compose as inputs")
  func composes() {
    let visible = MemoizedSelector(\Cart.items, \.minimum) { items, minimum in
      items.filter { $0 >= minimum }
    }
    let count = MemoizedSelector(visible) { $0.count }
    let summary = MemoizedSelector(
      { count($0) }, \.note, { $0.discount },
      projector: { count, note, discount in "\(count) items, \(note), \(discount) off" })
    var cart = Cart()
    cart.note = "gift"
    #expect(summary(cart) == "3 items, gift, 0 off")
    cart.minimum = 3
    cart.discount = 2
    #expect(summary(cart) == "1 items, gift, 2 off")
    let pair = MemoizedSelector(visible, count) { visible, count in visible.count == count }
    #expect(pair(cart))
  }

  @Test("a reader one state behind another does not compute again")
  func twoLatestStates() {
    let runs = Recorder<Int>()
    let total = makeTotal(runs)
    let older = Cart()
    var newer = older
    newer.items.append(4)
    var newest = newer
    newest.discount = 1
    for _ in 0..<3 {
      #expect(total(older) == 6)
      #expect(total(newer) == 10)
    }
    #expect(runs.values == [6, 10])
    #expect(total(newest) == 9)
    #expect(total(newer) == 10)
    #expect(total(older) == 6)
    #expect(runs.values == [6, 10, 9, 6])
  }

  @Test("subscribers on the processing thread and readers on others each get their state's value")
  func acrossThreads() async {
    let doubled = MemoizedSelector(\Cart.discount) { $0 * 2 }
    let store = Store(initialState: Cart(), reducer: cartReducer)
    let mismatches = Recorder<Int>()
    let token = store.subscribe { state in
      if doubled(state) != state.discount * 2 { mismatches.append(state.discount) }
    }
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          for step in 1...1_000 { store.dispatch(SetDiscount(discount: writer * 1_000 + step)) }
        }
      }
      group.addTask {
        for _ in 0..<2_000 {
          let state = store.state
          if doubled(state) != state.discount * 2 { mismatches.append(state.discount) }
        }
      }
    }
    #expect(mismatches.values.isEmpty)
    #expect(doubled(store.state) == store.state.discount * 2)
    token.cancel()
  }

  @Test("a projector that reads its own selector stops with a message that names the fix")
  func readsItself() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let itself = Lock<MemoizedSelector<Cart, Int>?>(nil)
      let selector = MemoizedSelector(\Cart.discount) { discount in
        itself.withLock { $0 }.map { $0(Cart()) } ?? discount
      }
      itself.withLock { $0 = selector }
      _ = selector(Cart())
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("read from inside its own projector"))
  }

  @Test("a store subscription to a selector is called for the current value, then for changes")
  func storeSubscription() {
    let store = Store(initialState: Cart(), reducer: cartReducer)
    let count = MemoizedSelector(\Cart.items) { $0.count }
    let delivered = Recorder<Int>()
    let token = store.subscribe(count) { delivered.append($0) }
    store.dispatch(SetNote(note: "a"))
    store.dispatch(AddItem(value: 1))
    store.dispatch(SetDiscount(discount: 2))
    #expect(delivered.values == [3, 4])
    token.cancel()
  }
}
