// Fixtures shared by the benchmarks and by CoreProfile (the callgrind driver), so that both
// measure the same code.
import ReduxCore

/// A small state: one counter.
public struct Counter: Sendable {
  /// The running total.
  public var count = 0

  /// A counter at zero.
  public init() {}
}

/// A small struct action.
public struct Increment: Action {
  /// How much to add.
  public var by: Int

  /// An increment of `by`.
  public init(by: Int = 1) { self.by = by }
}

/// The same change as ``Increment``, as an enum case.
public enum CounterAction: Action {
  /// Adds `by`.
  case increment(by: Int)
  /// Sets the count to zero.
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
  /// The fields; subscriber `i` selects `values[i]`.
  public var values: [Int]

  /// `count` fields at zero.
  public init(count: Int) {
    values = Array(repeating: 0, count: count)
  }
}

/// Changes one field.
public struct BumpField: Action {
  /// The field to add one to.
  public var index: Int

  /// An action that adds one to field `index`.
  public init(index: Int) { self.index = index }
}

/// Applies ``BumpField``.
public let fieldsReducer = Reducer<Fields>.on(BumpField.self) { state, action in
  state.values[action.index] &+= 1
}

/// A large collection next to a small field.
public struct Catalog: Sendable {
  /// 100,000 elements that an action must never copy.
  public var items = Array(repeating: 0, count: 100_000)
  /// A small field next to them.
  public var counter = 0

  /// A catalog of zeros.
  public init() {}
}

/// Changes only the counter.
public struct BumpCounter: Action {
  /// The action.
  public init() {}
}

/// Writes one element of the large array.
public struct SetItem: Action {
  /// The element to write.
  public var index: Int
  /// The value to write.
  public var value: Int

  /// An action that sets `items[index]` to `value`.
  public init(index: Int, value: Int) {
    self.index = index
    self.value = value
  }
}

/// Applies ``BumpCounter`` and ``SetItem`` in place.
public let catalogReducer = Reducer<Catalog>
  .on(BumpCounter.self) { state, _ in state.counter &+= 1 }
  .on(SetItem.self) { state, action in state.items[action.index] = action.value }

/// A screen's state: ten small fields, each read by a view.
public struct TenFields: Sendable {
  /// The fields; ``BumpFirst`` changes `f0` only.
  public var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0

  /// Ten zeros.
  public init() {}
}

/// Adds one to ``TenFields/f0``.
public struct BumpFirst: Action {
  /// The action.
  public init() {}
}

/// Applies ``BumpFirst``.
public let tenFieldsReducer = Reducer<TenFields>.on(BumpFirst.self) { state, _ in state.f0 &+= 1 }
