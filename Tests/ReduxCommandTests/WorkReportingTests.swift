import ReduxCommand
import ReduxCore
import ReduxSeam
import Testing

struct Load: Action {}
struct Loaded: Action {}

@Suite("ReduxCommand work reporting", .timeLimit(.minutes(1)))
struct CommandWorkReportingTests {
  /// Load starts a job that, once `gate` opens, sends Named("loaded"), whose reducer starts a
  /// second job that sends Named("saved").
  func makeStore(gate: Gate) -> Store<Counter> {
    let reducer = CommandReducer<Counter>
      .on(Load.self) { _, _ in
        .run { send in
          await gate.wait()
          send(Named(name: "loaded"))
        }
      }
      .on(Named.self) { state, action in
        state.seen.append(action.name)
        guard action.name == "loaded" else { return .none }
        return .run { send in send(Named(name: "saved")) }
      }
    return Store(initialState: Counter(), commandReducer: reducer)
  }

  @Test("send(...).finish() waits for a job, its actions, and the jobs they started")
  func jobsAwaited() async {
    let gate = Gate()
    let store = makeStore(gate: gate)
    let task = await store.send(Load())
    #expect(!task.isFinished)
    await gate.open()
    await task.finish()
    #expect(store.state.seen == ["loaded", "saved"])
  }

  @Test("send(...).finish() waits for every job of a concatenation, in order")
  func concatenationAwaited() async {
    let reducer = CommandReducer<Counter>.on(Step.self) { _, _ in
      .concatenate(
        .run { send in send(Named(name: "one")) },
        .run { send in send(Named(name: "two")) })
    }
    .on(Named.self) { state, action in
      state.seen.append(action.name)
      return .none
    }
    let store = Store(initialState: Counter(), commandReducer: reducer)
    await store.send(Step()).finish()
    #expect(store.state.seen == ["one", "two"])
  }

  @Test("a plain dispatch records no work")
  func plainDispatchUntracked() async {
    let gate = Gate()
    let store = makeStore(gate: gate)
    store.dispatch(Load())
    #expect(store.workLedger.descriptions().isEmpty)
    await gate.open()
  }
}
