import ReduxCore

struct Counter: Sendable, Equatable {
  var count = 0
  var isLoading = false
  var history: [Int] = []
}

struct Increment: Action, Equatable {
  var by = 1
}

struct Reset: Action {}

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, increment in
    state.count += increment.by
    state.history.append(state.count)
  }
  .on(Reset.self) { state, _ in state = Counter() }
