import FlyingFox
import Foundation
import ReduxCore
import Testing

@testable import ReduxDevTools

/// The bounded queue behind each browser connection; internal, so tested through
/// `@testable`: a test through a socket cannot decide when the kernel's buffers fill.
@Suite("Inspector outbox", .timeLimit(.minutes(1)))
struct OutboxTests {
  @Test("a browser that falls behind loses the oldest updates, then gets a marker and a snapshot")
  func dropsOldest() async throws {
    let snapshots = Counted()
    let outbox = Outbox(capacity: 2, replyLimit: 4) { "snapshot \(snapshots.next())" }
    #expect(await text(outbox.next()) == "snapshot 1")

    outbox.push(update: "a", isSnapshot: false)
    outbox.push(update: "b", isSnapshot: false)
    outbox.push(update: "c", isSnapshot: false)
    outbox.push(update: "d", isSnapshot: false)
    outbox.push(reply: Outbox.frame("reply"))
    #expect(await text(outbox.next()) == "reply")
    #expect(await text(outbox.next()) == #"{"count":4,"kind":"dropped"}"#)
    #expect(await text(outbox.next()) == "snapshot 2")

    outbox.push(update: "e", isSnapshot: false)
    outbox.push(update: "f", isSnapshot: false)
    #expect(await text(outbox.next()) == "e")
    #expect(await text(outbox.next()) == "f")
  }

  @Test("a snapshot update replaces the updates queued before it")
  func snapshotSupersedes() async throws {
    let outbox = Outbox(capacity: 3, replyLimit: 4) { "first" }
    #expect(await text(outbox.next()) == "first")
    outbox.push(update: "a", isSnapshot: false)
    outbox.push(update: "whole", isSnapshot: true)
    outbox.push(update: "b", isSnapshot: false)
    #expect(await text(outbox.next()) == "whole")
    #expect(await text(outbox.next()) == "b")
  }

  @Test("more unread replies than the limit close the connection with 1008")
  func replyLimit() async throws {
    let outbox = Outbox(capacity: 2, replyLimit: 2) { "first" }
    #expect(await text(outbox.next()) == "first")
    for index in 0..<3 { outbox.push(reply: Outbox.frame("reply \(index)")) }
    let close = try #require(await outbox.next())
    #expect(close.opcode == .close)
    #expect(close.payload.prefix(2) == Data([0x03, 0xF0]))
    #expect(await outbox.next() == nil)
  }
}

private func text(_ frame: WSFrame?) -> String? {
  frame.map { String(decoding: $0.payload, as: UTF8.self) }
}

private final class Counted: Sendable {
  private let value = Lock(0)
  func next() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}
