internal import FlyingFox
import Foundation
import ReduxCore

/// The browsers connected to one inspector: it hands each change to every connection's
/// ``Outbox`` and reads each connection's messages.
final class InspectorHub: Sendable {
  private let connections = Lock<[ObjectIdentifier: Outbox]>([:])
  private let options: InspectorOptions
  private let snapshot: @Sendable () -> String
  private let handle: @Sendable (_ text: String) -> InspectorReply

  init(
    options: InspectorOptions, snapshot: @escaping @Sendable () -> String,
    handle: @escaping @Sendable (_ text: String) -> InspectorReply
  ) {
    self.options = options
    self.snapshot = snapshot
    self.handle = handle
  }

  var connectionCount: Int { connections.withLock { $0.count } }

  /// Queues a change for every connected browser; never waits.
  func broadcast(_ message: String, isSnapshot: Bool) {
    for outbox in connections.withLock({ Array($0.values) }) {
      outbox.push(update: message, isSnapshot: isSnapshot)
    }
  }

  /// Closes every connection, as the server stops.
  func closeAll() {
    for outbox in connections.withLock({ Array($0.values) }) { outbox.close(.goingAway) }
  }

  /// Starts serving one browser: the frames to send it, read from its outbox, while a task
  /// reads its messages.
  func connect(_ client: AsyncThrowingStream<WSFrame, any Error>) -> AsyncStream<WSFrame> {
    let outbox = Outbox(
      capacity: options.updatesPerBrowser, replyLimit: 64, snapshot: snapshot)
    let key = ObjectIdentifier(outbox)
    connections.withLock { $0[key] = outbox }
    outbox.setReader(Task { await self.read(client, into: outbox) })
    return AsyncStream(
      unfolding: { [self] in
        guard let frame = await outbox.next() else {
          connections.withLock { _ = $0.removeValue(forKey: key) }
          return nil
        }
        return frame
      },
      onCancel: { outbox.close(.goingAway) })
  }

  /// Reads a browser's frames until it leaves. A message that is not valid, or larger than
  /// the limit, closes this connection and no other.
  private func read(_ client: AsyncThrowingStream<WSFrame, any Error>, into outbox: Outbox) async {
    var message = Data()
    var inMessage = false
    do {
      for try await frame in client {
        switch frame.opcode {
        case .text, .continuation:
          guard (frame.opcode == .text) != inMessage else {
            return outbox.close(WSCloseCode(1002, reason: "unexpected continuation"))
          }
          guard message.count + frame.payload.count <= options.maximumMessageBytes else {
            return outbox.close(
              WSCloseCode(
                1009, reason: "messages are limited to \(options.maximumMessageBytes) bytes"))
          }
          message.append(frame.payload)
          inMessage = !frame.fin
          guard frame.fin else { continue }
          defer { message = Data() }
          guard let text = String(validating: message, as: UTF8.self) else {
            return outbox.close(WSCloseCode(1007, reason: "not UTF-8"))
          }
          switch handle(text) {
          case .replies(let replies):
            for reply in replies { outbox.push(reply: Outbox.frame(reply)) }
          case .close(let code):
            return outbox.close(code)
          }
        case .ping:
          var pong = frame
          pong.opcode = .pong
          pong.mask = nil
          outbox.push(reply: pong)
        case .pong:
          continue
        case .close:
          return outbox.close(.normalClosure)
        default:
          return outbox.close(WSCloseCode(1003, reason: "only text messages are read"))
        }
      }
    } catch {
      // The browser went away or sent bytes that are not WebSocket frames.
    }
    outbox.close(.goingAway)
  }
}

/// The WebSocket side of the inspector for FlyingFox: one `connect` per browser.
struct InspectorSocket: WSHandler {
  let hub: InspectorHub

  func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws
    -> AsyncStream<WSFrame>
  {
    hub.connect(client)
  }
}
