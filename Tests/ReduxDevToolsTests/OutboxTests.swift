import Foundation
import ReduxCore
import ReduxSeam
import Testing

@testable import ReduxDevTools

/// The bounded queue behind each browser connection; internal, so tested through
/// `@testable`: a test through a socket cannot decide when the kernel's buffers fill.
@Suite("Inspector outbox", .timeLimit(.minutes(1)))
struct OutboxTests {
  @Test("a browser that falls behind loses the oldest updates, then gets a marker and a snapshot")
  func dropsOldest() throws {
    let snapshots = Counted()
    let outbox = Outbox(capacity: 2, replyLimit: 4) { "snapshot \(snapshots.next())" }
    #expect(text(outbox.next()) == "snapshot 1")

    outbox.push(update: "a", isSnapshot: false)
    outbox.push(update: "b", isSnapshot: false)
    outbox.push(update: "c", isSnapshot: false)
    outbox.push(update: "d", isSnapshot: false)
    outbox.push(reply: .text("reply"))
    #expect(text(outbox.next()) == "reply")
    #expect(text(outbox.next()) == #"{"count":4,"kind":"dropped"}"#)
    #expect(text(outbox.next()) == "snapshot 2")

    outbox.push(update: "e", isSnapshot: false)
    outbox.push(update: "f", isSnapshot: false)
    #expect(text(outbox.next()) == "e")
    #expect(text(outbox.next()) == "f")
  }

  @Test("a snapshot update replaces the updates queued before it")
  func snapshotSupersedes() throws {
    let outbox = Outbox(capacity: 3, replyLimit: 4) { "first" }
    #expect(text(outbox.next()) == "first")
    outbox.push(update: "a", isSnapshot: false)
    outbox.push(update: "whole", isSnapshot: true)
    outbox.push(update: "b", isSnapshot: false)
    #expect(text(outbox.next()) == "whole")
    #expect(text(outbox.next()) == "b")
  }

  @Test("more unread replies than the limit close the connection with 1008")
  func replyLimit() throws {
    let outbox = Outbox(capacity: 2, replyLimit: 2) { "first" }
    #expect(text(outbox.next()) == "first")
    for index in 0..<3 { outbox.push(reply: .text("reply \(index)")) }
    let close = try #require(outbox.next())
    #expect(close.opcode == .close)
    #expect(close.payload.prefix(2) == [0x03, 0xF0])
    #expect(outbox.next() == nil)
  }
}

extension OutboxTests {
  @Test("a queue past its byte limit is dropped at once, the connection ended and its memory freed")
  func byteLimit() throws {
    let overflows = Lock(0)
    let outbox = Outbox(
      capacity: 100, replyLimit: 4, byteLimit: 1_000, snapshot: { "first" },
      onOverflow: { overflows.withLock { $0 += 1 } })
    #expect(text(outbox.next()) == "first")
    let large = String(repeating: "x", count: 400)
    outbox.push(update: large, isSnapshot: false)
    outbox.push(update: large, isSnapshot: false)
    #expect(overflows.withLock { $0 } == 0)
    outbox.push(update: large, isSnapshot: false)
    #expect(overflows.withLock { $0 } == 1)
    #expect(outbox.next() == nil)
    // Nothing is queued once the connection is over.
    outbox.push(update: large, isSnapshot: false)
    #expect(overflows.withLock { $0 } == 1)
  }

  @Test("one message larger than the byte limit on its own is sent, not taken for a backlog")
  func oneLargeMessage() throws {
    let overflows = Lock(0)
    let outbox = Outbox(
      capacity: 100, replyLimit: 4, byteLimit: 1_000, snapshot: { "first" },
      onOverflow: { overflows.withLock { $0 += 1 } })
    #expect(text(outbox.next()) == "first")
    let whole = String(repeating: "s", count: 5_000)
    outbox.push(update: whole, isSnapshot: true)
    #expect(overflows.withLock { $0 } == 0)
    #expect(text(outbox.next()) == whole)
  }

  @Test("a reader waiting for the next frame wakes when a frame is queued from another thread")
  func waitsForWork() async throws {
    let outbox = Outbox(capacity: 4, replyLimit: 4) { "first" }
    #expect(text(outbox.next()) == "first")
    let next = Task.detached { text(outbox.next()) }
    outbox.push(update: "later", isSnapshot: false)
    #expect(await next.value == "later")
  }
}

@Suite("WebSocket frames and handshake")
struct WebSocketFrameTests {
  @Test("the handshake's accept value is RFC 6455's for its sample key")
  func acceptValue() {
    #expect(
      WebSocketFrame.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }

  @Test("SHA-1 digests match FIPS 180's examples")
  func sha1() {
    let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
    #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    let long = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(hex(SHA1.digest(Array(long.utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
  }

  @Test("frames are encoded with the length in 7, 16 or 64 bits")
  func encoding() {
    #expect(WebSocketFrame.text("hi").bytes == [0x81, 2, 0x68, 0x69])
    #expect(
      WebSocketFrame.text(String(repeating: "a", count: 200)).bytes.prefix(4) == [
        0x81, 126, 0, 200,
      ])
    #expect(
      WebSocketFrame.text(String(repeating: "a", count: 70_000)).bytes.prefix(10)
        == [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70])
    #expect(WebSocketFrame.close(.goingAway).bytes == [0x88, 2, 0x03, 0xE9])
  }
}

private func text(_ frame: WebSocketFrame?) -> String? {
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
