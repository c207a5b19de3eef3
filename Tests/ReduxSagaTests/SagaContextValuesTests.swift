import ReduxCore
import ReduxSaga
import Testing

@Suite("setContext and getContext", .timeLimit(.minutes(1)))
struct SagaContextValuesTests {
  @Test("a fork sees its parent's context as of the fork, and its own set does not leak up")
  func forkInheritsACopy() async throws {
    let harness = Harness()
    let seen = Box<[String]>([])
    let root = harness.sagas.run("root") { saga in
      saga.setContext(["user": "ada", "theme": "dark"])
      let child = try saga.fork("child") { child in
        seen.update { $0.append("child user \(child.getContext("user", as: String.self) ?? "-")") }
        child.setContext(["theme": "light"])
        _ = try await child.take(Ping.self)
        seen.update { $0.append("child user \(child.getContext("user", as: String.self) ?? "-")") }
        seen.update {
          $0.append("child theme \(child.getContext("theme", as: String.self) ?? "-")")
        }
      }
      saga.setContext(["user": "grace"])
      try await saga.join(child)
      seen.update { $0.append("root theme \(saga.getContext("theme", as: String.self) ?? "-")") }
      seen.update { $0.append("root user \(saga.getContext("user", as: String.self) ?? "-")") }
    }
    await harness.dispatch(Ping(), of: "Ping")
    try await root.value
    #expect(
      seen.value == [
        "child user ada", "child user ada", "child theme light", "root theme dark",
        "root user grace",
      ])
  }

  @Test("spawned and called sagas inherit the context; a missing key or other type is nil")
  func spawnAndCallInherit() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      saga.setContext(["id": 7])
      let called = try await saga.call("called", saga: { $0.getContext("id", as: Int.self) })
      let spawned = saga.spawn("spawned") { $0.getContext("id", as: Int.self) }
      let missing = saga.getContext("other", as: Int.self)
      let wrongType = saga.getContext("id", as: String.self)
      return [called, try await saga.join(spawned), missing, wrongType.map { _ in 0 }]
    }
    #expect(try await root.value == [7, 7, nil, nil])
  }
}
