import ReduxCore
import ReduxSaga
import Testing

@Suite("runSaga", .timeLimit(.minutes(1)))
struct RunSagaTests {
  @Test("a take sees what is sent to the given input")
  func takeFromInput() async throws {
    let input = SagaInput()
    let task = runSaga(
      input: input, getState: { TestState() },
      saga: { saga in
        let first = try await saga.take(Ping.self)
        let second = try await saga.take(Ping.self)
        return [first.id, second.id]
      })
    input.send(Request(id: 1))
    input.send(Ping(id: 2))
    input.send(Ping(id: 3))
    input.send(Ping(id: 4))
    #expect(try await task.value == [2, 3])
  }

  @Test("each put reaches the given dispatch, in order, before the saga goes on")
  func putReachesDispatch() async throws {
    let dispatched = Box<[String]>([])
    let task = runSaga(
      dispatch: { action in dispatched.update { $0.append("\(action)") } },
      getState: { TestState() },
      saga: { saga in
        await saga.put(Ping(id: 1))
        let afterFirst = dispatched.value.count
        await saga.put(Response(id: 2))
        return afterFirst
      })
    #expect(try await task.value == 1)
    #expect(dispatched.value == ["Ping(id: 1)", "Response(id: 2)"])
  }

  @Test("select reads the given getState each time")
  func selectReadsGetState() async throws {
    let state = Box(TestState(count: 3))
    let input = SagaInput()
    let task = runSaga(
      input: input, getState: { state.value },
      saga: { saga in
        let before = saga.select(\.count)
        _ = try await saga.take(Ping.self)
        return [before, saga.select(\.count)]
      })
    state.update { $0.count = 8 }
    input.send(Ping())
    #expect(try await task.value == [3, 8])
  }

  @Test("cancelling the returned task cancels the saga and its forks")
  func cancel() async throws {
    let input = SagaInput()
    let cleanedUp = Box<[String]>([])
    let task = runSaga(
      input: input, getState: { TestState() },
      saga: { saga in
        try saga.fork("child") { saga in
          do { _ = try await saga.take(Ping.self) } catch {
            cleanedUp.update { $0.append("child") }
          }
        }
        do { _ = try await saga.take(Ping.self) } catch { cleanedUp.update { $0.append("root") } }
      })
    task.cancel()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(task.isCancelled)
    #expect(cleanedUp.value.sorted() == ["child", "root"])
    input.send(Ping())
  }

  @Test("an error that ends the saga goes to onError with its saga stack")
  func errorReported() async throws {
    let errors = Box<[SagaError]>([])
    let input = SagaInput()
    let task = runSaga(
      "loader", input: input, getState: { TestState() },
      onError: { error in errors.update { $0.append(error) } },
      saga: { saga in
        _ = try await saga.take(Ping.self)
        throw TestError(message: "load failed")
      })
    input.send(Ping())
    await #expect(throws: TestError(message: "load failed")) { try await task.value }
    #expect(errors.value.count == 1)
    #expect(errors.value.first?.error as? TestError == TestError(message: "load failed"))
    #expect(errors.value.first?.sagaStack == ["loader"])
  }

  @Test("the root starts with the given context, and END sent to the input ends its takes")
  func contextAndEnd() async throws {
    let input = SagaInput()
    let task = runSaga(
      input: input, getState: { TestState() }, context: ["user": 42],
      saga: { saga in
        let pings = try await saga.takeMaybe(Ping.self)
        return "\(saga.getContext("user", as: Int.self) ?? 0) \(pings == nil)"
      })
    input.send(END())
    #expect(try await task.value == "42 true")
  }

  @Test("a dispatch that sends puts back to the input lets a fork take them; the emitter applies")
  func putsBackThroughInputAndEmitter() async throws {
    let input = SagaInput()
    let task = runSaga(
      input: input,
      dispatch: { action in input.send(action) },
      getState: { TestState() },
      emitter: { action, emit in
        if let ping = action.as(Ping.self) {
          emit(Response(id: ping.id * 10))
        } else {
          emit(action)
        }
      },
      saga: { saga in
        let listener = try saga.fork("listener") { saga in
          [try await saga.take(Response.self).id, try await saga.take(Response.self).id]
        }
        await saga.put(Ping(id: 1))
        await saga.put(Response(id: 2))
        return try await listener.value
      })
    #expect(try await task.value == [10, 2])
  }
}
