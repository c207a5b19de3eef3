import ReduxCore
import ReduxSaga
import Testing

@Suite("channels and buffers")
struct ChannelTests {
  @Test("actionChannel queues actions dispatched while the saga is busy, so none is missed")
  func actionChannelMissesNothing() async throws {
    let harness = Harness()
    let gate = Box(false)
    let seen = Box<[Int]>([])
    let task = harness.sagas.run("queued") { saga in
      let pings = saga.actionChannel(Ping.self)
      while true {
        let ping = try await pings.take()
        seen.update { $0.append(ping.id) }
        if ping.id == 3 { return }
        await gate.wait { $0 }
      }
    }
    harness.store.dispatch(Ping(id: 1))
    await seen.wait { $0 == [1] }
    harness.store.dispatch(Ping(id: 2))
    harness.store.dispatch(Ping(id: 3))
    gate.update { $0 = true }
    try await task.value
    #expect(seen.value == [1, 2, 3])
  }

  @Test(
    "buffers keep what their rule says",
    arguments: [
      (ChannelBuffer.none, [Int]()),
      (.dropping(2), [1, 2]),
      (.sliding(2), [3, 4]),
      (.expanding, [1, 2, 3, 4]),
      (.fixed(4), [1, 2, 3, 4]),
    ])
  func bufferRules(buffer: ChannelBuffer, kept: [Int]) async throws {
    let harness = Harness()
    let flushed = try await harness.sagas.run("buffers") { saga in
      let channel = saga.channel(of: Int.self, buffer: buffer)
      for value in 1...4 { try channel.put(value) }
      return channel.flush()
    }.value
    #expect(flushed == kept)
  }

  @Test("a fixed buffer throws a typed overflow error when full")
  func fixedOverflowThrows() async throws {
    let harness = Harness()
    let error = try await harness.sagas.run("overflow") { saga in
      let channel = saga.channel(of: Int.self, buffer: .fixed(1))
      try channel.put(1)
      do {
        try channel.put(2)
        return nil as ChannelError?
      } catch let error as ChannelError {
        return error
      }
    }.value
    #expect(error == .overflow(capacity: 1))
  }

  @Test("an action channel with a full fixed buffer closes, and the next take throws overflow")
  func actionChannelOverflow() async throws {
    let harness = Harness()
    let channel = Box<Channel<Ping>?>(nil)
    let task = harness.sagas.run("overflowing") { saga in
      let pings = saga.actionChannel(Ping.self, buffer: .fixed(1))
      channel.update { $0 = pings }
      _ = try await saga.take(Stop.self)
      let first = try await pings.take()
      do {
        _ = try await pings.take()
        return (first.id, nil as ChannelError?)
      } catch let error as ChannelError {
        return (first.id, error)
      }
    }
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Ping(id: 2))
    #expect(channel.value?.isClosed == true)
    harness.store.dispatch(Stop())
    let (first, error) = try await task.value
    #expect(first == 1)
    #expect(error == .overflow(capacity: 1))
  }

  @Test("a put goes to the longest-waiting taker, one taker per value")
  func takersInOrder() async throws {
    let harness = Harness()
    let task = harness.sagas.run("pipeline") { saga in
      let channel = saga.channel(of: Int.self, buffer: .none)
      let first = try saga.fork("first") { _ in try await channel.take() }
      let second = try saga.fork("second") { _ in try await channel.take() }
      try channel.put(10)
      try channel.put(20)
      return (try await first.value, try await second.value)
    }
    let (first, second) = try await task.value
    #expect(first == 10)
    #expect(second == 20)
  }

  @Test("close ends waiting takers; takeMaybe returns buffered values, then nil")
  func closeAndTakeMaybe() async throws {
    let harness = Harness()
    let result = try await harness.sagas.run("closer") { saga in
      let channel = saga.channel(of: Int.self)
      let waiter = try saga.fork("waiter") { _ in try await saga.channel(of: Int.self).takeMaybe() }
      waiter.cancel()
      let empty = saga.channel(of: Int.self)
      let blocked = try saga.fork("blocked") { _ in try await empty.takeMaybe() }
      empty.close()
      try channel.put(1)
      channel.close()
      try channel.put(2)
      let values = [try await channel.takeMaybe(), try await channel.takeMaybe()]
      var closedError: ChannelError?
      do { _ = try await channel.take() } catch let error as ChannelError { closedError = error }
      return (values, try await blocked.value, closedError)
    }.value
    #expect(result.0 == [1, nil])
    #expect(result.1 == nil)
    #expect(result.2 == .closed)
  }

  @Test("END closes an action channel once its buffered actions are taken")
  func endClosesActionChannel() async throws {
    let harness = Harness()
    let task = harness.sagas.run("drainer") { saga in
      let pings = saga.actionChannel(Ping.self)
      _ = try await saga.takeMaybe(Stop.self)
      var ids: [Int] = []
      while let ping = try await pings.takeMaybe() { ids.append(ping.id) }
      return ids
    }
    harness.store.dispatch(Ping(id: 1))
    harness.store.dispatch(Ping(id: 2))
    harness.store.dispatch(END())
    #expect(try await task.value == [1, 2])
  }

  @Test("an event channel delivers emitted values and unsubscribes once when closed")
  func eventChannel() async throws {
    let harness = Harness()
    let unsubscribed = Box(0)
    let emitter = Box<ChannelEmitter<Int>?>(nil)
    let task = harness.sagas.run("events") { saga in
      let events = saga.eventChannel(of: Int.self, buffer: .expanding) { source in
        emitter.update { $0 = source }
        return { unsubscribed.update { $0 += 1 } }
      }
      _ = try await saga.take(Stop.self)  // the source emits meanwhile: the channel buffers
      var values: [Int] = []
      while let value = try await events.takeMaybe() {
        values.append(value)
        if values.count == 2 { break }
      }
      events.close()
      events.close()
      emitter.value?.emit(4)
      return (values, events.flush())
    }
    let source = try #require(emitter.value)
    source.emit(1)
    source.emit(2)
    source.emit(3)
    harness.store.dispatch(Stop())
    let (values, rest) = try await task.value
    #expect(values == [1, 2])
    #expect(rest == [3])
    #expect(unsubscribed.value == 1)
  }

  @Test("an event source can end its channel, and the saga ending unsubscribes too")
  func eventChannelEndsFromSource() async throws {
    let harness = Harness()
    let unsubscribed = Box(0)
    let values = try await harness.sagas.run("events") { saga in
      let events = saga.eventChannel(of: Int.self, buffer: .expanding) { source in
        source.emit(7)
        source.close()
        return { unsubscribed.update { $0 += 1 } }
      }
      var values: [Int] = []
      while let value = try await events.takeMaybe() { values.append(value) }
      return values
    }.value
    #expect(values == [7])
    #expect(unsubscribed.value == 1)

    let owner = harness.sagas.run("owner") { saga in
      _ = saga.eventChannel(of: Int.self) { _ in { unsubscribed.update { $0 += 1 } } }
    }
    try await owner.value
    #expect(unsubscribed.value == 2)
  }

  @Test("cancelling a saga blocked on a channel take leaves the next value for others")
  func cancelledTakeLosesNothing() async throws {
    let harness = Harness()
    let result = try await harness.sagas.run("owner") { saga in
      let channel = saga.channel(of: Int.self, buffer: .expanding)
      let waiter = try saga.fork("waiter") { _ in try await channel.take() }
      saga.cancel(waiter)
      _ = await waiter.result
      try channel.put(5)
      return channel.flush()
    }.value
    #expect(result == [5])
  }
}
