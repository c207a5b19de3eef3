import ReduxCore
import ReduxSaga
import Testing

@Suite("allSettled", .timeLimit(.minutes(1)))
struct AllSettledTests {
  @Test("every branch's result or error comes back in branch order, none cancelled")
  func mixedResults() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      try await saga.allSettled(
        of: {
          try await saga.delay(.seconds(1))
          return 1
        },
        { throw TestError(message: "second") },
        { 3 })
    }
    await harness.clock.waitForSleepers()
    harness.clock.advance(by: .seconds(1))
    let results = try await root.value
    #expect(results.count == 3)
    #expect(try results[0].get() == 1)
    #expect(throws: TestError(message: "second")) { try results[1].get() }
    #expect(try results[2].get() == 3)
    #expect(harness.probe.errors.isEmpty)
  }

  @Test("cancelling the saga cancels every branch and throws CancellationError")
  func cancelCancelsAll() async throws {
    let harness = Harness()
    let cancelled = Box<[String]>([])
    let root = harness.sagas.run("root") { saga in
      do {
        _ = try await saga.allSettled(
          of: {
            do { _ = try await saga.take(Ping.self) } catch { cancelled.update { $0.append("a") } }
          },
          {
            do { _ = try await saga.take(Stop.self) } catch { cancelled.update { $0.append("b") } }
          })
      } catch is CancellationError {
        cancelled.update { $0.append("allSettled threw") }
      }
    }
    await harness.probe.waitForTakes(of: "Stop")
    root.cancel()
    let result = await root.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(cancelled.value == ["a", "b", "allSettled threw"])
  }

  @Test("no branches settle at once with no results")
  func empty() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      try await saga.allSettled(of: [@Sendable () async throws -> Int]())
    }
    #expect(try await root.value.isEmpty)
  }
}
