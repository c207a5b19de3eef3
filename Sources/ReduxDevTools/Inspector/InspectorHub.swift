import Foundation
import ReduxCore
import ReduxSeam

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

  /// Serves one browser whose connection became a WebSocket, on the calling thread: a thread
  /// of its own writes the outbox while this one reads the browser's messages. Returns once
  /// both have ended.
  func serve(_ connection: InspectorConnection) {
    let outbox = Outbox(
      capacity: options.updatesPerBrowser, replyLimit: 64, byteLimit: options.bytesPerBrowser,
      snapshot: snapshot, onOverflow: { connection.shutDown() })
    let key = ObjectIdentifier(outbox)
    connections.withLock { $0[key] = outbox }
    let written = DispatchSemaphore(value: 0)
    // A browser that reads nothing makes a write wait at most this long, then it is dropped.
    connection.setTimeouts(read: nil, write: .seconds(10))
    connection.limitSendBuffer(to: 256 * 1024)
    let writer = Thread { [self] in
      while let frame = outbox.next() {
        guard connection.write(frame.bytes) else { break }
      }
      connections.withLock { _ = $0.removeValue(forKey: key) }
      connection.shutDown()
      written.signal()
    }
    writer.name = "ReduxDevTools inspector writer"
    writer.start()
    read(connection, into: outbox)
    written.wait()
  }

  /// Reads a browser's frames until it leaves. A message that is not valid, or larger than
  /// the limit (checked from each frame's announced length, before its payload is read),
  /// closes this connection and no other.
  private func read(_ connection: InspectorConnection, into outbox: Outbox) {
    var message: [UInt8] = []
    var inMessage = false
    let limit = options.maximumMessageBytes
    while true {
      let frame: WebSocketFrame
      do {
        frame = try WebSocketFrame.read(from: connection, limit: limit - message.count)
      } catch {
        return outbox.close(error.code ?? .goingAway)
      }
      switch frame.opcode {
      case .text, .continuation:
        guard (frame.opcode == .text) != inMessage else {
          return outbox.close(WebSocketCloseCode(1002, reason: "unexpected continuation"))
        }
        message += frame.payload
        inMessage = !frame.fin
        guard frame.fin else { continue }
        defer { message = [] }
        guard let text = String(validating: message, as: UTF8.self) else {
          return outbox.close(WebSocketCloseCode(1007, reason: "not UTF-8"))
        }
        switch handle(text) {
        case .replies(let replies):
          for reply in replies { outbox.push(reply: .text(reply)) }
        case .close(let code):
          return outbox.close(code)
        }
      case .ping:
        outbox.push(reply: WebSocketFrame(opcode: .pong, payload: frame.payload))
      case .pong:
        continue
      case .close:
        return outbox.close(.normalClosure)
      case .binary:
        return outbox.close(WebSocketCloseCode(1003, reason: "only text messages are read"))
      }
    }
  }
}
