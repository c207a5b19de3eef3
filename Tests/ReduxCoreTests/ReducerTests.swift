import ReduxCore
import ReduxSeam
import Testing

@Suite("Reducer")
struct ReducerTests {
  @Test("an in-place reducer changes the state it is given")
  func inPlace() {
    let reducer = Reducer<Int> { count, action in
      if action is Increment { count += 1 }
    }
    var count = 0
    reducer(&count, Increment())
    reducer(&count, Noop())
    #expect(count == 1)
  }

  @Test("a returning reducer replaces the state with its result")
  func returning() {
    let reducer = Reducer<Int>(returning: { count, action in
      action is Increment ? count + 10 : count
    })
    #expect(reducer.reduce(1, Increment()) == 11)
    #expect(reducer.reduce(1, Noop()) == 1)
  }

  @Test("a trailing closure that ignores the state is the in-place reducer")
  func closureIgnoringTheState() {
    let seen = Lock<[String]>([])
    let reducer = Reducer<Int> { _, action in
      let name = String(describing: type(of: action))
      seen.withLock { $0.append(name) }
    }
    var count = 7
    reducer(&count, Increment())
    #expect(count == 7)
    #expect(seen.withLock { $0 } == ["Increment"])
  }

  @Test("a trailing closure that returns a state is still the returning reducer")
  func trailingClosureReturningAState() {
    let reducer = Reducer<Int> { count, action in action is Increment ? count + 10 : count }
    #expect(reducer.reduce(1, Increment()) == 11)
    #expect(reducer.reduce(1, Noop()) == 1)
  }

  @Test("combine runs reducers in the order given")
  func combineOrder() {
    let first = Reducer<[String]> { log, _ in log.append("first") }
    let second = Reducer<[String]> { log, _ in log.append("second") }
    #expect(Reducer.combine(first, second).reduce([], Noop()) == ["first", "second"])
    #expect(Reducer.combine([second, first]).reduce([], Noop()) == ["second", "first"])
    #expect(first.combined(with: second).reduce([], Noop()) == ["first", "second"])
    #expect(Reducer<[String]>.combine([]).reduce(["kept"], Noop()) == ["kept"])
  }

  @Test("on(_:) hands the concrete action to its handler and ignores other types")
  func typedHandler() {
    let reducer = Reducer<Int>.on(Add.self) { count, action in count += action.amount }
    #expect(reducer.reduce(1, Add(amount: 5)) == 6)
    #expect(reducer.reduce(1, Increment()) == 1)
  }

  @Test("chained on(_:) handlers each see only their own action type")
  func chainedHandlers() {
    var state = Counter()
    counterReducer(&state, SetStep(step: 3))
    counterReducer(&state, Increment())
    counterReducer(&state, Add(amount: 10))
    counterReducer(&state, SetLabel(label: "x"))
    #expect(state == Counter(count: 13, step: 3, label: "x"))
  }

  @Test("enum actions are matched with switch inside a reducer")
  func enumActions() {
    let reducer = Reducer<Int>.on(CounterAction.self) { count, action in
      switch action {
      case .increment: count += 1
      case .add(let amount): count += amount
      }
    }
    var count = 0
    reducer(&count, CounterAction.increment)
    reducer(&count, CounterAction.add(5))
    #expect(count == 6)
  }

  @Test("lift runs a child reducer on the parent's key path and leaves the rest alone")
  func lift() {
    struct App: Equatable {
      var counter = Counter()
      var log = Log()
    }
    let app = Reducer.combine(counterReducer.lift(\App.counter), logReducer.lift(\App.log))
    var state = App()
    app(&state, Increment())
    app(&state, Logged(tag: "a"))
    #expect(state.counter.count == 1)
    #expect(state.log.entries == ["a"])
  }

  @Test("the empty reducer leaves the state unchanged")
  func empty() {
    #expect(Reducer<Counter>.empty.reduce(Counter(count: 2), Increment()) == Counter(count: 2))
  }
}
