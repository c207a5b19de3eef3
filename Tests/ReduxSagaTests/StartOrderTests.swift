import ReduxCore
import ReduxSaga
import Testing

// Rule 2 (docs/sagas.md, "all, race and a called saga start at once, in order"): each branch of
// `all` and `race`, and a saga given to `call`, runs up to its first wait, in order, before the
// next statement of the saga that started it.

@Suite("start order")
struct StartOrderTests {
  @Test("a fork that alls a called joiner starts it before a later fork's joiner")
  func joinerExample() async throws {
    let harness = Harness()
    let log = Box<[String]>([])
    let joiner: @Sendable (String) -> @Sendable (SagaContext<TestState>) async throws -> Void = {
      name in
      { joiner in
        log.update { $0.append("\(name) start") }
        _ = try await joiner.take(Ping.self)
        log.update { $0.append("\(name) end") }
      }
    }
    let root = harness.sagas.run("root") { saga in
      try saga.fork("first") { first in
        _ = try await first.all(of: { try await first.call("joiner1", saga: joiner("joiner1")) })
      }
      try saga.fork("second") { second in
        try await second.call("joiner2", saga: joiner("joiner2"))
      }
    }
    #expect(log.value == ["joiner1 start", "joiner2 start"])
    harness.store.dispatch(Ping())
    try await root.value
    #expect(log.value == ["joiner1 start", "joiner2 start", "joiner1 end", "joiner2 end"])
  }

  /// The effect that runs the branches: `all` or `race`.
  enum Combinator: String, CaseIterable, Sendable {
    case all, race

    func run(
      _ branches: [@Sendable () async throws -> Int], in saga: SagaContext<TestState>
    ) async throws -> String {
      switch self {
      case .all: "all \(try await saga.all(of: branches))"
      case .race: "race \(try await saga.race(among: branches))"
      }
    }
  }

  @Test(
    "all and race run each branch up to its first wait, in order, before the next statement",
    arguments: Combinator.allCases)
  func branchesStartInOrder(combinator: Combinator) async throws {
    let harness = Harness()
    let log = Box<[String]>([])
    let root = harness.sagas.run("root") { saga in
      try saga.fork(combinator.rawValue) { forked in
        let branches: [@Sendable () async throws -> Int] = (0..<3).map { index in
          {
            log.update { $0.append("branch \(index)") }
            _ = try await forked.take(Ping.self)
            return index
          }
        }
        let outcome = try await combinator.run(branches, in: forked)
        log.update { $0.append(outcome) }
      }
      log.update { $0.append("after fork") }
    }
    #expect(log.value == ["branch 0", "branch 1", "branch 2", "after fork"])
    harness.store.dispatch(Ping())
    try await root.value
    let outcome = combinator == .all ? "all [0, 1, 2]" : "race 0"
    #expect(log.value.last == outcome)
  }
}
