import ReduxCore
import ReduxSaga
import Testing

@Suite("peeking at a channel's buffer", .timeLimit(.minutes(1)))
struct ChannelPeekTests {
  @Test("peek on an empty channel is nil")
  func empty() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      saga.channel(of: Int.self, buffer: .expanding).peek()
    }
    #expect(try await root.value == nil)
  }

  @Test("peek shows the oldest buffered value and leaves it there, across puts and takes")
  func afterPutsAndTakes() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      let channel = saga.channel(of: Int.self, buffer: .expanding)
      try channel.put(1)
      try channel.put(2)
      var looks = ["\(channel.peek() ?? -1) \(channel.peek() ?? -1) \(channel.bufferedCount)"]
      let first = try await channel.take()
      looks.append("took \(first), peek \(channel.peek() ?? -1)")
      let second = try await channel.take()
      looks.append("took \(second), peek \(channel.peek() ?? -1)")
      return looks
    }
    #expect(try await root.value == ["1 1 2", "took 1, peek 2", "took 2, peek -1"])
  }

  @Test("a closed channel shows its buffered values until they are taken")
  func closed() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      let channel = saga.channel(of: Int.self, buffer: .expanding)
      try channel.put(7)
      channel.close()
      try? channel.put(8)
      var looks = ["closed, peek \(channel.peek() ?? -1)"]
      let taken = try await channel.take()
      looks.append("took \(taken), peek \(channel.peek() ?? -1)")
      return looks
    }
    #expect(try await root.value == ["closed, peek 7", "took 7, peek -1"])
  }
}
