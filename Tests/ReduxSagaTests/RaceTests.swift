import ReduxCore
import ReduxSaga
import Testing

@Suite("race and all")
struct RaceTests {
  @Test("race between a call and a take: the take wins and the call is cancelled")
  func takeWinsRace() async throws {
    let harness = Harness()
    let callCancelled = Box(false)
    let task = harness.sagas.run("racer") { saga in
      try await saga.race(
        {
          try await saga.call("fetch") {
            do {
              try await saga.delay(.seconds(60))
            } catch {
              callCancelled.update { $0 = true }
              throw error
            }
            return "response"
          }
        },
        { try await saga.take(Stop.self) })
    }
    await harness.clock.waitForSleepers(1)
    await harness.dispatch(Stop(), of: "Stop")
    let (response, stop) = try await task.value
    #expect(response == nil)
    #expect(stop == Stop())
    #expect(callCancelled.value)
  }

  @Test("race between a call and a take: the call wins and the take is withdrawn")
  func callWinsRace() async throws {
    let harness = Harness()
    let task = harness.sagas.run("racer") { saga in
      let (response, stop) = try await saga.race(
        { try await saga.call("fetch") { "response" } },
        { try await saga.take(Stop.self) })
      let next = try await saga.take(Ping.self)
      return (response, stop, next)
    }
    await harness.probe.waitForTakes(of: "Ping")
    harness.store.dispatch(Stop())
    harness.store.dispatch(Ping(id: 1))
    let (response, stop, next) = try await task.value
    #expect(response == "response")
    #expect(stop == nil)
    #expect(next == Ping(id: 1))
  }

  @Test("race throws when the first branch to finish fails, and cancels the others")
  func raceError() async throws {
    let harness = Harness()
    let loserCancelled = Box(false)
    let task = harness.sagas.run("racer") { saga in
      // Branches start in order: the loser is waiting when the second branch fails.
      try await saga.race(
        among: {
          do {
            _ = try await saga.take(Ping.self)
          } catch {
            loserCancelled.update { $0 = error is CancellationError }
            throw error
          }
          return 1
        },
        { () async throws -> Int in throw TestError(message: "first") })
    }
    await #expect(throws: TestError(message: "first")) { try await task.value }
    #expect(loserCancelled.value)
  }

  @Test("all returns every result in branch order")
  func allResults() async throws {
    let harness = Harness()
    let task = harness.sagas.run("all") { saga in
      try await saga.all(
        { try await saga.take(Request.self) },
        { try await saga.take(Ping.self) },
        { try await saga.call("three") { 3 } })
    }
    await harness.probe.waitForTakes(of: "Request")
    await harness.dispatch(Ping(id: 2), of: "Ping")
    harness.store.dispatch(Request(id: 1))
    let (request, ping, three) = try await task.value
    #expect(request == Request(id: 1))
    #expect(ping == Ping(id: 2))
    #expect(three == 3)

    let list = try await harness.sagas.run("list") { saga in
      try await saga.all(of: { 1 }, { 2 }, { 3 })
    }.value
    #expect(list == [1, 2, 3])
  }

  @Test("all fails fast: the first error cancels the other branches")
  func allFailsFast() async throws {
    let harness = Harness()
    let otherCancelled = Box(false)
    let task = harness.sagas.run("all") { saga in
      try await saga.all(
        {
          do {
            try await saga.delay(.seconds(60))
          } catch {
            otherCancelled.update { $0 = error is CancellationError }
            throw error
          }
        },
        { () async throws -> Int in
          _ = try await saga.take(Ping.self)
          throw TestError(message: "failed branch")
        })
    }
    await harness.clock.waitForSleepers(1)
    await harness.dispatch(Ping(), of: "Ping")
    await #expect(throws: TestError(message: "failed branch")) { try await task.value }
    #expect(otherCancelled.value)
  }
}
