import ReduxCore
import ReduxSaga
import Testing

@Suite("looking at a channel's buffer", .timeLimit(.minutes(1)))
struct ChannelBufferLookTests {
  @Test("isBufferEmpty and bufferedCount look at the buffer without taking from it")
  func lookWithoutTaking() async throws {
    let harness = Harness()
    let root = harness.sagas.run("root") { saga in
      let channel = saga.channel(of: Int.self, buffer: .expanding)
      var looks = ["\(channel.isBufferEmpty) \(channel.bufferedCount)"]
      try channel.put(1)
      try channel.put(2)
      looks.append("\(channel.isBufferEmpty) \(channel.bufferedCount)")
      looks.append("\(channel.isBufferEmpty) \(channel.bufferedCount)")
      let first = try await channel.take()
      looks.append("took \(first): \(channel.isBufferEmpty) \(channel.bufferedCount)")
      channel.close()
      let second = try await channel.take()
      looks.append("took \(second): \(channel.isBufferEmpty) \(channel.bufferedCount)")
      return looks
    }
    #expect(
      try await root.value == [
        "true 0", "false 2", "false 2", "took 1: false 1", "took 2: true 0",
      ])
  }
}
