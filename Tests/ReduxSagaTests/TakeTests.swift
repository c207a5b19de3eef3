import ReduxCore
import ReduxSaga
import Testing

@Suite("take, takeMaybe, put and select")
struct TakeTests {
  @Test("take by type ignores other actions and returns the typed action")
  func takeByType() async throws {
    let harness = Harness()
    let task = harness.sagas.run("taker") { saga in try await saga.take(Request.self) }
    await harness.probe.waitForTakes(of: "Request")
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Request(id: 2))
    #expect(try await task.value == Request(id: 2))
  }

  @Test("take(where:) returns the first action that satisfies the predicate")
  func takeWhere() async throws {
    let harness = Harness()
    let task = harness.sagas.run("taker") { saga in
      try await saga.take { ($0 as? Request)?.id == 3 }
    }
    await harness.probe.waitForTakes(of: "where")
    harness.store.dispatch(Request(id: 1))
    harness.store.dispatch(Ping(id: 3))
    harness.store.dispatch(Request(id: 3))
    #expect(try await task.value as? Request == Request(id: 3))
  }

  @Test("every saga waiting in take receives the same action")
  func takeIsMulticast() async throws {
    let harness = Harness()
    let first = harness.sagas.run("first") { try await $0.take(Ping.self) }
    let second = harness.sagas.run("second") { try await $0.take(Ping.self) }
    await harness.dispatch(Ping(id: 9), afterTakes: 2, of: "Ping")
    #expect(try await first.value == Ping(id: 9))
    #expect(try await second.value == Ping(id: 9))
  }

  @Test("takeMaybe returns nil after END, and a take after END ends its saga quietly")
  func endEndsTakes() async throws {
    let harness = Harness()
    let steps = Box<[String]>([])
    let maybe = harness.sagas.run("maybe") { saga in try await saga.takeMaybe(Ping.self) }
    let ended = harness.sagas.run("ended") { saga in
      _ = try await saga.take(Ping.self)
      steps.update { $0.append("after take") }
    }
    await harness.dispatch(END(), afterTakes: 1, of: "Ping")
    await harness.probe.waitForTakes(of: "Ping")
    #expect(try await maybe.value == nil)
    try await ended.value
    #expect(steps.value.isEmpty)
    let late = harness.sagas.run("late") { saga in try await saga.takeMaybe(Ping.self) }
    #expect(try await late.value == nil)
    #expect(harness.probe.errors.isEmpty)
  }

  @Test("an action dispatched while a saga is busy between two takes is missed, as in redux-saga")
  func actionsBetweenTakesAreMissed() async throws {
    let harness = Harness()
    let gate = Box(false)
    let seen = Box<[Int]>([])
    let task = harness.sagas.run("slow") { saga in
      while true {
        let ping = try await saga.take(Ping.self)
        seen.update { $0.append(ping.id) }
        if ping.id == 3 { return }
        await gate.wait { $0 }
      }
    }
    await harness.dispatch(Ping(id: 1), of: "Ping")
    await seen.wait { $0 == [1] }
    harness.store.dispatch(Ping(id: 2))  // the saga is busy: nobody takes it
    gate.update { $0 = true }
    await harness.dispatch(Ping(id: 3), afterTakes: 2, of: "Ping")
    try await task.value
    #expect(seen.value == [1, 3])
  }

  @Test("put dispatches through the store, and select reads the result at once")
  func putThenSelect() async throws {
    let harness = Harness(state: TestState(count: 10))
    let result = try await harness.sagas.run("putter") { saga in
      let before = saga.select(\.count)
      await saga.put(Add(amount: 5))
      return (before, saga.select(), saga.select { $0.count * 2 })
    }.value
    #expect(result.0 == 10)
    #expect(result.1.count == 15)
    #expect(result.2 == 30)
  }

  @Test("put still works in cleanup after the saga was cancelled")
  func putAfterCancellation() async throws {
    let harness = Harness()
    let task = harness.sagas.run("cleaner") { saga in
      do {
        _ = try await saga.take(Ping.self)
      } catch {
        if saga.isCancelled { await saga.put(Failed(message: "cancelled")) }
        throw error
      }
    }
    await harness.probe.waitForTakes(of: "Ping")
    task.cancel()
    _ = await task.result
    #expect(harness.store.state.log == ["failed cancelled"])
  }

  @Test("take of a class action type also takes its subclasses, and nothing else")
  func takeClassAction() async throws {
    let harness = Harness()
    let task = harness.sagas.run("taker") { saga in try await saga.take(Notice.self) }
    await harness.probe.waitForTakes(of: "Notice")
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Alert(text: "fire"))
    let taken = try await task.value
    #expect(taken.text == "fire")
    #expect(taken is Alert)
  }

  @Test(
    "a take in a child task that saga code started ends when that child is cancelled",
    .timeLimit(.minutes(1)))
  func takeInAChildTask() async throws {
    let harness = Harness()
    let task = harness.sagas.run("parent") { saga in
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { _ = try await saga.take(Ping.self) }
        // Wait until the child is registered, then cancel it only: its take must end.
        await harness.probe.waitForTakes(of: "Ping")
        group.cancelAll()
        do {
          try await group.next()
          return "taken"
        } catch is CancellationError {
          return "cancelled"
        }
      }
    }
    #expect(try await task.value == "cancelled")
    // The saga's own takes still work after its child's take was withdrawn.
    #expect(try await harness.pingTakenByANewSaga(Ping(id: 4), afterTakes: 2) == Ping(id: 4))
  }

  @Test(
    "an unstructured task started by saga code cancels its own take, not the saga's",
    .timeLimit(.minutes(1)))
  func takeInAnUnstructuredTask() async throws {
    let harness = Harness()
    let task = harness.sagas.run("parent") { saga in
      let child = Task { try await saga.take(Ping.self) }
      await harness.probe.waitForTakes(of: "Ping")
      child.cancel()
      let childResult = await child.result
      // The saga's own take (its slot) is untouched by the child's cancellation.
      let own = try await saga.take(Request.self)
      return (childResult, own)
    }
    await harness.probe.waitForTakes(of: "Request")
    harness.store.dispatch(Request(id: 8))
    let (childResult, own) = try await task.value
    #expect(throws: CancellationError.self) { try childResult.get() }
    #expect(own == Request(id: 8))
  }
}

extension TakeTests {
  @Test(
    "a take after an await that is not an effect still ends when its saga is cancelled",
    .timeLimit(.minutes(1)))
  func takeAfterAPlainAwait() async throws {
    let harness = Harness()
    let task = harness.sagas.run("waiter") { saga in
      // Not an effect: the saga resumes in a job the runtime cannot place.
      await Task.yield()
      _ = try await saga.take(Ping.self)
      return "taken"
    }
    await harness.probe.waitForTakes(of: "Ping")
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    // The cancelled take is gone: the next Ping reaches a new saga only.
    #expect(try await harness.pingTakenByANewSaga(Ping(id: 3), afterTakes: 2) == Ping(id: 3))
  }

  @Test(
    "a race branch's take is withdrawn when the other branch wins, after a plain await too",
    .timeLimit(.minutes(1)))
  func raceBranchAfterAPlainAwait() async throws {
    let harness = Harness()
    let task = harness.sagas.run("racer") { saga in
      let (ping, request) = try await saga.race(
        {
          await Task.yield()
          return try await saga.take(Ping.self)
        },
        { try await saga.take(Request.self) })
      return (ping, request)
    }
    await harness.probe.waitForTakes(of: "Ping")
    await harness.dispatch(Request(id: 5), afterTakes: 1, of: "Request")
    let (ping, request) = try await task.value
    #expect(ping == nil)
    #expect(request == Request(id: 5))
  }
}

/// A class action and its subclass, for takes by class type.
class Notice: Action, @unchecked Sendable {
  // @unchecked: immutable; `text` is a `let` and subclasses add no state.
  let text: String
  init(text: String) { self.text = text }
}

final class Alert: Notice, @unchecked Sendable {}
