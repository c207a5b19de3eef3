import Clocks
import ReduxCommand
import ReduxCore
import Testing

@Suite("Command values")
struct CommandInspectionTests {
  @Test("none, empty batches and maps of none do nothing")
  func noneIsNone() {
    #expect(Command.none.isNone)
    #expect(Command.batch([]).isNone)
    #expect(Command.batch(.none, .none).isNone)
    #expect(Command.concatenate(.none).isNone)
    #expect(Command.none.map { $0 }.isNone)
    #expect(Command.none.cancellable(id: 1).isNone)
  }

  @Test("actions, jobs, cancels and cancel-in-flight are not none")
  func somethingIsNotNone() {
    #expect(!Command.action(Step()).isNone)
    #expect(!Command.run { _ in }.isNone)
    #expect(!Command.cancel(id: 1).isNone)
    #expect(!Command.none.cancellable(id: 1, cancelInFlight: true).isNone)
    #expect(!Command.batch(.none, .action(Step())).isNone)
  }

  @Test("synchronous actions list batch parts in order, with map applied")
  func synchronousActionsOfBatch() {
    let command = Command.batch(
      .action(Named(name: "a")),
      .run { send in send(Named(name: "job")) },
      .action(Named(name: "b")).map { Named(name: "mapped " + ($0.as(Named.self)?.name ?? "")) }
    )
    #expect(names(command.synchronousActions) == ["a", "mapped b"])
  }

  @Test("synchronous actions of a concatenation stop at the first part that waits")
  func synchronousActionsOfConcatenation() {
    let command = Command.concatenate(
      .action(Named(name: "a")),
      .run { _ in },
      .action(Named(name: "after"))
    )
    #expect(names(command.synchronousActions) == ["a"])
    #expect(command.hasAsyncWork)
  }

  @Test("cancelled ids come from cancel and from cancel-in-flight")
  func cancelledIDs() {
    #expect(Command.cancel(id: "auto").cancelledIDs == ["auto"])
    #expect(
      Command.run { _ in }.cancellable(id: "search", cancelInFlight: true).cancelledIDs
        == ["search"])
    #expect(Command.run { _ in }.cancellable(id: "search").cancelledIDs.isEmpty)
    #expect(Command.batch(.cancel(id: 1), .cancel(id: 2)).cancelledIDs == [1, 2])
  }

  @Test("has async work only with a job inside")
  func hasAsyncWork() {
    #expect(!Command.action(Step()).hasAsyncWork)
    #expect(!Command.cancel(id: 1).hasAsyncWork)
    #expect(Command.callback { $0(nil) }.hasAsyncWork)
    #expect(Command.batch(.action(Step()), .perform({ 1 }, then: { _ in Step() })).hasAsyncWork)
  }
}

@Suite("Running commands with collectActions", .timeLimit(.minutes(1)))
struct CommandRunTests {
  @Test("a run job sends any number of actions, in order")
  func runSendsMany() async {
    let command = Command.run { send in
      for index in 0..<5 { send(Named(name: "\(index)")) }
    }
    #expect(names(await command.collectActions()) == ["0", "1", "2", "3", "4"])
  }

  @Test("a callback dispatches the action it fulfils, from another thread")
  func callbackFulfils() async {
    let command = Command.callback { fulfill in
      Task.detached { fulfill(Named(name: "done")) }
    }
    #expect(names(await command.collectActions()) == ["done"])
  }

  @Test("a callback fulfilled twice delivers only the first action")
  func callbackFirstWins() async {
    let command = Command.callback { fulfill in
      fulfill(Named(name: "first"))
      fulfill(Named(name: "second"))
    }
    #expect(names(await command.collectActions()) == ["first"])
  }

  @Test("a callback fulfilled with nil ends without an action")
  func callbackOptional() async {
    let command = Command.callback { fulfill in fulfill(nil) }
    #expect(await command.collectActions().isEmpty)
  }

  @Test("a callback whose fulfill is released without a call ends without an action")
  func callbackDropped() async {
    let command = Command.concatenate(
      .callback { _ in },
      .action(Named(name: "next"))
    )
    #expect(names(await command.collectActions()) == ["next"])
  }

  @Test("perform maps the job's value to an action")
  func perform() async {
    let command = Command.perform({ 41 + 1 }, then: { Named(name: "\($0)") })
    #expect(names(await command.collectActions()) == ["42"])
  }

  @Test("attempt maps success and failure to actions")
  func attempt() async {
    let success = Command.attempt(
      { () async throws -> String in "ok" }, then: { Named(name: (try? $0.get()) ?? "failed") })
    let failure = Command.attempt(
      { () throws(Boom) -> String in throw Boom() },
      then: { result in
        switch result {
        case .success(let value): Named(name: value)
        case .failure(let error): Named(name: error == Boom() ? "boom" : "other")
        }
      })
    #expect(names(await success.collectActions()) == ["ok"])
    #expect(names(await failure.collectActions()) == ["boom"])
  }

  @Test("a batch with a failing job delivers the mapped failure and the others' actions")
  func batchWithFailure() async {
    let command = Command.batch(
      .attempt(
        { () async throws -> String in throw Boom() },
        then: { Named(name: (try? $0.get()) ?? "failed") }),
      .run { send in send(Named(name: "job")) },
      .action(Named(name: "sync"))
    )
    let delivered = names(await command.collectActions())
    #expect(delivered.first == "sync")
    #expect(delivered.sorted() == ["failed", "job", "sync"])
  }

  @Test("concatenate runs each part after the one before has ended")
  func concatenateOrder() async {
    let clock = TestClock()
    let command = Command.concatenate(
      .action(Named(name: "1")),
      .run { send in
        try? await clock.sleep(for: .seconds(1))
        send(Named(name: "2"))
      },
      .action(Named(name: "3")),
      .perform({ "4" }, then: { Named(name: $0) }),
      .callback { fulfill in fulfill(Named(name: "5")) }
    )
    async let delivered = command.collectActions()
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    #expect(names(await delivered) == ["1", "2", "3", "4", "5"])
  }

  @Test("map applies inner transforms before outer ones")
  func mapComposes() async {
    let command = Command.action(Named(name: "a"))
      .map { Named(name: ($0.as(Named.self)?.name ?? "") + "-inner") }
      .map { Named(name: ($0.as(Named.self)?.name ?? "") + "-outer") }
    #expect(names(await command.collectActions()) == ["a-inner-outer"])
  }

  @Test("cancel(id:) stops the matching job and leaves the others")
  func cancelStopsMatching() async {
    let gate = Gate()
    let command = Command.concatenate(
      .batch(
        .run { send in
          await gate.wait()
          send(Named(name: "cancelled"))
        }
        .cancellable(id: "slow"),
        .run { send in
          await gate.wait()
          send(Named(name: "kept"))
        }
      ),
      .action(Named(name: "last"))
    )
    let runner = Command.batch(
      command,
      .cancel(id: "slow"),
      .run { _ in await gate.open() }
    )
    #expect(names(await runner.collectActions()) == ["kept", "last"])
  }

  @Test(
    "a cancel-in-flight command wrapped again with the same id sends its action once",
    arguments: [(false, true), (true, false), (true, true)])
  func nestedCancelInFlightKeepsItsOwnScope(outer: Bool, inner: Bool) async {
    let command = Command.run { send in send(Named(name: "42")) }
      .cancellable(id: "id", cancelInFlight: inner)
      .cancellable(id: "id", cancelInFlight: outer)
    #expect(names(await command.collectActions()) == ["42"])
  }

  @Test("a nested cancel-in-flight still replaces the work that was in flight before it")
  func nestedCancelInFlightReplacesOlderWork() async {
    let gate = Gate()
    let older = Command.run { send in
      await gate.wait()
      send(Named(name: "older"))
    }
    .cancellable(id: "id")
    let newer = Command.run { send in send(Named(name: "newer")) }
      .cancellable(id: "id", cancelInFlight: true)
      .cancellable(id: "id", cancelInFlight: true)
    let command = Command.batch(older, newer, .run { _ in await gate.open() })
    #expect(names(await command.collectActions()) == ["newer"])
  }

  @Test("cancelling the collecting task cancels the command")
  func cancellingTheCaller() async {
    let clock = TestClock()
    let command = Command.run { send in
      send(Named(name: "before"))
      do {
        try await clock.sleep(for: .seconds(1))
        send(Named(name: "after"))
      } catch {}
    }
    let task = Task { await command.collectActions() }
    await clock.untilSleeping()
    task.cancel()
    #expect(names(await task.value) == ["before"])
  }
}
