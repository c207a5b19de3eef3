import ReduxCore
import ReduxSaga
import Testing

@Suite("MulticastChannel", .timeLimit(.minutes(1)))
struct MulticastChannelTests {
  /// Starts a root saga that forks one taker per name, each logging what it takes until the
  /// channel closes; returns the channel, the log and the root.
  private func start<Element: Sendable>(
    _ harness: Harness, of type: Element.Type, takers: [(String, @Sendable (Element) -> Bool)]
  ) -> (MulticastChannel<Element>, Box<[String]>, SagaTask<Void>) {
    let log = Box<[String]>([])
    let channel = Box<MulticastChannel<Element>?>(nil)
    let root = harness.sagas.run("root") { saga in
      let events = saga.multicastChannel(of: Element.self)
      channel.update { $0 = events }
      for (name, accepts) in takers {
        try saga.fork(name) { _ in
          while let value = try await events.takeMaybe(where: accepts) {
            log.update { $0.append("\(name) \(value)") }
          }
          log.update { $0.append("\(name) ended") }
        }
      }
    }
    guard let events = channel.value else { preconditionFailure("The root saga made it.") }
    return (events, log, root)
  }

  @Test("every waiting taker gets each value, in the order the takers started waiting")
  func everyTakerGetsEachValue() async throws {
    let harness = Harness()
    let all: @Sendable (Int) -> Bool = { _ in true }
    let (events, log, root) = start(harness, of: Int.self, takers: [("a", all), ("b", all)])
    events.put(1)
    events.put(2)
    events.close()
    try await root.value
    #expect(log.value == ["a 1", "b 1", "a 2", "b 2", "a ended", "b ended"])
  }

  @Test("a value put while no taker waits is dropped")
  func valueWithoutTakerIsDropped() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      let events = saga.multicastChannel(of: Int.self)
      events.put(1)
      let taker = try saga.fork("taker") { _ in try await events.take() }
      events.put(2)
      return try await taker.value
    }
    #expect(try await root.value == 2)
  }

  @Test("a taker with a predicate gets only what it accepts; the others get everything")
  func predicates() async throws {
    let harness = Harness()
    let (events, log, root) = start(
      harness, of: Int.self, takers: [("even", { $0 % 2 == 0 }), ("any", { _ in true })])
    for value in 1...3 { events.put(value) }
    events.close()
    try await root.value
    #expect(log.value == ["any 1", "even 2", "any 2", "any 3", "even ended", "any ended"])
  }

  @Test("a channel of actions takes by action type")
  func takeByType() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      let events = saga.multicastChannel(of: (any Action).self)
      let pings = try saga.fork("pings") { _ in try await events.take(Ping.self) }
      let requests = try saga.fork("requests") { _ in try await events.take(Request.self) }
      events.put(Request(id: 1))
      events.put(Ping(id: 2))
      return [try await pings.value.id, try await requests.value.id]
    }
    #expect(try await root.value == [2, 1])
  }

  @Test("close ends every waiting taker; later puts are ignored and later takes end at once")
  func closeEndsEveryTaker() async throws {
    let harness = Harness()
    let all: @Sendable (String) -> Bool = { _ in true }
    let (events, log, root) = start(
      harness, of: String.self, takers: [("a", all), ("b", all), ("c", all)])
    events.close()
    events.put("late")
    try await root.value
    #expect(log.value == ["a ended", "b ended", "c ended"])
    #expect(events.isClosed)
    await #expect(throws: ChannelError.closed) { try await events.take() }
  }

  @Test("a cancelled taker stops waiting and gets nothing more")
  func cancelledTaker() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      let events = saga.multicastChannel(of: Int.self)
      let cancelled = try saga.fork("cancelled") { _ in try await events.take() }
      let kept = try saga.fork("kept") { _ in try await events.take() }
      cancelled.cancel()
      events.put(1)
      return try await kept.value
    }
    #expect(try await root.value == 1)
  }
}
