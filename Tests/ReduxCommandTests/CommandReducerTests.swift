import Clocks
import ReduxCommand
import ReduxCore
import Testing

@Suite("CommandReducer")
struct CommandReducerTests {
  @Test("the in-place form changes the state and returns its command")
  func inPlace() {
    let reducer = counterReducer(clock: TestClock())
    var state = Counter()
    #expect(reducer(&state, Step()).isNone)
    #expect(state.count == 1)
    let delayed = reducer(&state, StepDelayed())
    #expect(delayed.hasAsyncWork)
    #expect(delayed.synchronousActions.isEmpty)
    #expect(state.count == 1)
    #expect(reducer(&state, StopAuto()).cancelledIDs == ["auto"])
  }

  @Test("the Seda form takes the action and the state and returns both")
  func sedaForm() {
    let reducer = CommandReducer<Counter>(returning: { action, state in
      var state = state
      guard action is Step else { return (state, .none) }
      state.count += state.step
      return (state, .action(Named(name: "stepped")))
    })
    let (state, command) = reducer.reduce(Counter(step: 5), Step())
    #expect(state.count == 5)
    #expect(names(command.synchronousActions) == ["stepped"])
    #expect(reducer.reduce(Counter(), Tick()).command.isNone)
  }

  @Test("a core reducer becomes a command reducer that returns none")
  func fromCoreReducer() {
    let reducer = CommandReducer(Reducer<Counter>.on(Step.self) { state, _ in state.count += 1 })
    var state = Counter()
    #expect(reducer(&state, Step()).isNone)
    #expect(state.count == 1)
  }

  @Test("combine runs reducers in order and batches their commands in order")
  func combine() {
    let first = CommandReducer<Counter> { state, _ in
      state.seen.append("first")
      return .action(Named(name: "1"))
    }
    let second = CommandReducer<Counter> { state, _ in
      state.seen.append("second")
      return .action(Named(name: "2"))
    }
    var state = Counter()
    let command = CommandReducer.combine(first, .empty, second)(&state, Step())
    #expect(state.seen == ["first", "second"])
    #expect(names(command.synchronousActions) == ["1", "2"])
    #expect(CommandReducer<Counter>.combine([])(&state, Step()).isNone)
  }

  @Test("on handles only its action type")
  func onFiltersByType() {
    let reducer = CommandReducer<Counter>.on(Named.self) { state, action in
      state.seen.append(action.name)
      return .action(Step())
    }
    var state = Counter()
    #expect(reducer(&state, Step()).isNone)
    #expect(state.seen.isEmpty)
    #expect(!reducer(&state, Named(name: "x")).isNone)
    #expect(state.seen == ["x"])
  }

  @Test("lift runs the child on its part of the parent and carries its command")
  func lift() {
    struct App: Sendable {
      var left = Counter()
      var right = Counter()
    }
    let child = CommandReducer<Counter>.on(Step.self) { state, _ in
      state.count += 1
      return .action(Named(name: "child"))
    }
    let app = CommandReducer.combine(child.lift(\App.left), .empty)
    var state = App()
    let command = app(&state, Step())
    #expect(state.left.count == 1)
    #expect(state.right.count == 0)
    #expect(names(command.synchronousActions) == ["child"])
  }

  @Test("lift with extract and embed unwraps parent actions and wraps the child's")
  func liftWithActions() async {
    struct App: Sendable { var child = Counter() }
    enum AppAction: Action { case child(any Action) }
    let child = CommandReducer<Counter>.on(Step.self) { state, _ in
      state.count += 1
      return .run { send in send(Named(name: "from child")) }
    }
    let app = child.lift(
      \App.child,
      extract: { action in
        guard case .child(let inner)? = action.as(AppAction.self) else { return nil }
        return inner
      },
      embed: { AppAction.child($0) }
    )
    var state = App()
    #expect(app(&state, Step()).isNone)
    #expect(state.child.count == 0)
    let command = app(&state, AppAction.child(Step()))
    #expect(state.child.count == 1)
    let sent = await command.collectActions()
    guard case .child(let inner)? = sent.first?.as(AppAction.self) else {
      Issue.record("expected a wrapped child action, got \(sent)")
      return
    }
    #expect(inner.as(Named.self) == Named(name: "from child"))
  }
}
