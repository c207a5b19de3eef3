import ReduxCore

/// A small state: one counter.
struct Counter: Sendable {
  var count = 0
}

/// A small struct action.
struct Increment: Action {
  var by = 1
}

/// The same change as ``Increment``, as an enum case.
enum CounterAction: Action {
  case increment(by: Int)
  case reset
}

/// The reducer every small-state benchmark uses.
let counterReducer = Reducer<Counter>.on(Increment.self) { state, action in
  state.count &+= action.by
}

/// A state of many independent fields, one per selector subscriber.
struct Fields: Sendable {
  var values: [Int]

  init(count: Int) {
    values = Array(repeating: 0, count: count)
  }
}

/// Changes one field.
struct BumpField: Action {
  var index: Int
}

let fieldsReducer = Reducer<Fields>.on(BumpField.self) { state, action in
  state.values[action.index] &+= 1
}

/// A large collection next to a small field.
struct Catalog: Sendable {
  var items = Array(repeating: 0, count: 100_000)
  var counter = 0
}

/// Changes only the counter.
struct BumpCounter: Action {}

/// Writes one element of the large array.
struct SetItem: Action {
  var index: Int
  var value: Int
}

let catalogReducer = Reducer<Catalog>
  .on(BumpCounter.self) { state, _ in state.counter &+= 1 }
  .on(SetItem.self) { state, action in state.items[action.index] = action.value }
