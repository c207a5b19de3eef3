import ReduxCore
import ReduxSaga
import Testing

@Suite("Saga work and send(...).finish()", .timeLimit(.minutes(1)))
struct SagaWorkTests {
  @Test("a saga whose body ended works for the send until its last fork and itself have ended")
  func waitsForItsEnd() async throws {
    let harness = Harness()
    let gate = Box(false)
    let root = harness.sagas.run("root") { saga in
      let request = try await saga.take(Request.self)
      try saga.fork("reply") { reply in
        try await reply.call("fetch") { await gate.wait { $0 } }
        await reply.put(Response(id: request.id))
      }
      // The body ends here; the saga waits for its fork.
    }
    let task = await harness.store.send(Request(id: 1))
    #expect(!task.isFinished)
    gate.update { $0 = true }
    await task.finish()
    #expect(!root.isRunning)
    #expect(harness.store.state.log == ["response 1"])
  }

  @Test("a send that only reaches a helper's worker finishes when the worker does")
  func helperWorker() async throws {
    let harness = Harness()
    let gate = Box(false)
    let root = harness.sagas.run("root") { saga in
      saga.takeEvery(.type(Request.self)) { worker, request in
        try await worker.call("fetch") { await gate.wait { $0 } }
        await worker.put(Response(id: request.id))
      }
    }
    let task = await harness.store.send(Request(id: 2))
    #expect(!task.isFinished)
    gate.update { $0 = true }
    await task.finish()
    #expect(harness.store.state.log == ["response 2"])
    #expect(await harness.store.send(Ping()).isFinished)
    root.cancel()
    _ = await root.result
  }

  @Test("a saga waiting on a channel after a plain await no longer works for the send")
  func channelTakeAfterAPlainAwait() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      let channel = saga.channel(of: Int.self)
      _ = try await saga.take(Request.self)
      // Not an effect: the saga resumes in a job of its own; the runtime still knows whose.
      await Task.yield()
      return try await channel.take()
    }
    let task = await harness.store.send(Request(id: 3))
    await task.finish()
    #expect(task.isFinished)
    #expect(root.isRunning)
    root.cancel()
    _ = await root.result
  }
}
