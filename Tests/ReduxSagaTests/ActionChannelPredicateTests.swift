import ReduxCore
import ReduxSaga
import Testing

@Suite("action channels by predicate")
struct ActionChannelPredicateTests {
  @Test("actionChannel(where:) queues only the actions that satisfy the predicate")
  func predicateChannel() async throws {
    let harness = Harness()
    let task = harness.sagas.run("filter") { saga in
      let big = saga.actionChannel(where: { ($0 as? Add)?.amount ?? 0 > 5 })
      _ = try await saga.take(Stop.self)
      return big.flush().compactMap { ($0 as? Add)?.amount }
    }
    for amount in [1, 10, 3, 20] { harness.store.dispatch(Add(amount: amount)) }
    harness.store.dispatch(Stop())
    #expect(try await task.value == [10, 20])
  }

  @Test("an event source can fail its channel: buffered values first, then take throws the error")
  func eventChannelFails() async throws {
    let harness = Harness()
    let unsubscribed = Box(0)
    let emitter = Box<ChannelEmitter<Int>?>(nil)
    let task = harness.sagas.run("listener") { saga in
      let events = saga.eventChannel(of: Int.self, buffer: .expanding) { source in
        emitter.update { $0 = source }
        return { unsubscribed.update { $0 += 1 } }
      }
      var seen: [Int] = []
      do {
        while true { seen.append(try await events.take()) }
      } catch let error as TestError {
        return (seen, error)
      }
    }
    let source = try #require(emitter.value)
    source.emit(1)
    source.emit(2)
    source.fail(TestError(message: "socket"))
    source.emit(3)
    let (seen, error) = try await task.value
    #expect(seen == [1, 2])
    #expect(error == TestError(message: "socket"))
    #expect(unsubscribed.value == 1)
  }

  @Test("the monitor reports a channel take once the saga waits on it")
  func channelTakeIsMonitored() async throws {
    let harness = Harness()
    let channel = Box<Channel<Int>?>(nil)
    let task = harness.sagas.run("taker") { saga in
      let values = saga.channel(of: Int.self)
      channel.update { $0 = values }
      return try await values.take()
    }
    await harness.probe.waitForEffect("take(channel)")
    try #require(channel.value).put(8)
    #expect(try await task.value == 8)
    #expect(harness.probe.started == ["rootSaga(taker)", "take(channel)"])
  }

  @Test("takeEvery, throttle and debounce work over a channel")
  func helpersOverChannel() async throws {
    let harness = Harness()
    let seen = Box<[String]>([])
    let source = Box<Channel<Int>?>(nil)
    let task = harness.sagas.run("root") { saga in
      let every = saga.channel(of: Int.self)
      let throttled = saga.channel(of: Int.self, buffer: .sliding(1))
      let debounced = saga.channel(of: Int.self)
      source.update { $0 = every }
      saga.takeEvery(.channel(every), name: "every") { _, value in
        seen.update { $0.append("every \(value)") }
        try throttled.put(value)
        try debounced.put(value)
      }
      saga.throttle(.channel(throttled), for: .seconds(1)) { _, value in
        seen.update { $0.append("throttle \(value)") }
      }
      saga.debounce(.channel(debounced), for: .seconds(1)) { _, value in
        seen.update { $0.append("debounce \(value)") }
      }
    }
    let every = try #require(source.value)
    try every.put(1)
    try every.put(2)
    try every.put(3)
    await seen.wait { $0.count == 4 }
    #expect(seen.value == ["every 1", "throttle 1", "every 2", "every 3"])
    await harness.clock.waitForSleepers(2)
    harness.clock.advance(by: .seconds(1))
    await seen.wait { $0.count == 6 }
    #expect(Set(seen.value.suffix(2)) == ["throttle 3", "debounce 3"])
    task.cancel()
    _ = await task.result
  }
}
