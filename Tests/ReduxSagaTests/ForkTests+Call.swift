import ReduxCore
import ReduxSaga
import Testing

extension ForkTests {
  @Test("a saga called as a child waits for its forks, and its error can be caught by the caller")
  func callASaga() async throws {
    let harness = Harness()
    let steps = Box<[String]>([])
    let root = harness.sagas.run("caller") { saga in
      let value = try await saga.call("child") { child in
        try child.fork("grandchild") { grandchild in
          _ = try await grandchild.take(Ping.self)
          steps.update { $0.append("grandchild done") }
        }
        return 42
      }
      steps.update { $0.append("returned \(value)") }
      do {
        try await saga.call("failing") { child in
          try child.fork("grandchild") { grandchild in
            _ = try await grandchild.take(Ping.self)
            throw TestError(message: "in a fork")
          }
          _ = try await child.take(Stop.self)
        }
      } catch let error as TestError {
        steps.update { $0.append("caught \(error.message)") }
      }
      return "caller done"
    }
    harness.store.dispatch(Ping())
    harness.store.dispatch(Ping())
    #expect(try await root.value == "caller done")
    #expect(steps.value == ["grandchild done", "returned 42", "caught in a fork"])
    #expect(harness.probe.errors.isEmpty)
  }
}
