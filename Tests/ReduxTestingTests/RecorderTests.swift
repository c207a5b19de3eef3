import ReduxCore
import ReduxTesting
import Testing

@Suite("Recorder")
struct RecorderTests {
  @Test("keeps every value appended from many tasks at once")
  func concurrentAppends() async {
    let recorder = Recorder<Int>()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<250 { recorder.append(task * 1000 + index) }
        }
      }
    }
    let values = recorder.values
    #expect(values.count == 2000)
    #expect(Set(values).count == 2000)
    for task in 0..<8 {
      let own = values.filter { $0 / 1000 == task }
      #expect(own == own.sorted())
    }
  }

  @Test("removeAll returns what was recorded and starts again empty")
  func removeAll() {
    let recorder = Recorder<String>()
    recorder.append("a")
    recorder.append("b")
    #expect(recorder.removeAll() == ["a", "b"])
    recorder.append("c")
    #expect(recorder.values == ["c"])
  }

  @Test("an action recorder filters by type and names each action")
  func actions() {
    let recorder = Recorder<any Action>()
    recorder.append(Increment())
    recorder.append(Reset())
    recorder.append(Increment())
    #expect(recorder.actions(of: Increment.self).count == 2)
    #expect(recorder.typeNames == ["Increment", "Reset", "Increment"])
  }
}

@Suite("Middleware.recording")
struct MiddlewareRecordingTests {
  @Test("records what the middleware before it let through, follow-ups included, in order")
  func recordsInOrder() {
    let reached = Recorder<any Action>()
    let dropResets = Middleware<Counter> { context, action, next in
      if action is Reset { return }
      next(action)
      if let increment = action.as(Increment.self), increment.by == 10 {
        context.dispatch(Increment(by: -10))
      }
    }
    let store = Store(
      initialState: Counter(), reducer: counterReducer,
      middleware: [dropResets, .recording(into: reached)])
    store.dispatch(Reset())
    store.dispatch(Increment(by: 10))
    #expect(reached.actions(of: Increment.self).map(\.by) == [10, -10])
    #expect(store.state.count == 0)
  }
}
