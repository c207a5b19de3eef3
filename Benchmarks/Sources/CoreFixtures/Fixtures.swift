// Fixtures shared by the benchmarks and by CoreProfile (the callgrind driver), so that both
// measure the same code.
import ReduxCore

/// A small state: one counter.
public struct Counter: Sendable {
  public var count = 0

  public init() {}
}

/// A small struct action.
public struct Increment: Action {
  public var by: Int

  public init(by: Int = 1) { self.by = by }
}

/// The same change as ``Increment``, as an enum case.
public enum CounterAction: Action {
  case increment(by: Int)
  case reset
}

/// The reducer every small-state benchmark uses.
public let counterReducer = Reducer<Counter>.on(Increment.self) { state, action in
  state.count &+= action.by
}

/// The enum twin of ``counterReducer``.
public let counterEnumReducer = Reducer<Counter>.on(CounterAction.self) { state, action in
  switch action {
  case .increment(let by): state.count &+= by
  case .reset: state.count = 0
  }
}

/// A middleware that passes every action on unchanged.
public let passThrough = Middleware<Counter> { _, action, next in next(action) }

/// Benchmark 2's store: one pass-through middleware and one full-state subscriber.
public func makeObservedStore() -> (Store<Counter>, Subscription) {
  let store = Store(initialState: Counter(), reducer: counterReducer, middleware: [passThrough])
  let subscription = store.subscribe { state in sink(state.count) }
  return (store, subscription)
}

/// Benchmark 3's store: `count` fields, each watched by its own selector subscriber.
public func makeSelectorStore(fields count: Int) -> (Store<Fields>, [Subscription]) {
  let store = Store(initialState: Fields(count: count), reducer: fieldsReducer)
  let subscriptions = (0..<count).map { field in
    store.subscribe(select: { $0.values[field] }) { value in sink(value) }
  }
  return (store, subscriptions)
}

/// Keeps a value alive past the optimizer, as the harness's `blackHole` does, without making
/// this module depend on the harness.
@inline(never)
public func sink<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// A state of many independent fields, one per selector subscriber.
public struct Fields: Sendable {
  public var values: [Int]

  public init(count: Int) {
    values = Array(repeating: 0, count: count)
  }
}

/// Changes one field.
public struct BumpField: Action {
  public var index: Int

  public init(index: Int) { self.index = index }
}

public let fieldsReducer = Reducer<Fields>.on(BumpField.self) { state, action in
  state.values[action.index] &+= 1
}

/// A large collection next to a small field.
public struct Catalog: Sendable {
  public var items = Array(repeating: 0, count: 100_000)
  public var counter = 0

  public init() {}
}

/// Changes only the counter.
public struct BumpCounter: Action {
  public init() {}
}

/// Writes one element of the large array.
public struct SetItem: Action {
  public var index: Int
  public var value: Int

  public init(index: Int, value: Int) {
    self.index = index
    self.value = value
  }
}

public let catalogReducer = Reducer<Catalog>
  .on(BumpCounter.self) { state, _ in state.counter &+= 1 }
  .on(SetItem.self) { state, action in state.items[action.index] = action.value }
