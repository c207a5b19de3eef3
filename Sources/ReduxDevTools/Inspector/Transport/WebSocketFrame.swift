import Foundation

/// One WebSocket frame (RFC 6455 §5.2), as the inspector sends and reads them.
struct WebSocketFrame: Equatable, Sendable {
  enum Opcode: UInt8, Sendable {
    case continuation = 0
    case text = 1
    case binary = 2
    case close = 8
    case ping = 9
    case pong = 10
  }

  var fin = true
  var opcode: Opcode
  var payload: [UInt8]

  /// A text message in one frame.
  static func text(_ text: String) -> WebSocketFrame {
    WebSocketFrame(opcode: .text, payload: Array(text.utf8))
  }

  /// A close frame with `code` and its reason.
  static func close(_ code: WebSocketCloseCode) -> WebSocketFrame {
    let reason = Array(code.reason.utf8.prefix(123))
    return WebSocketFrame(
      opcode: .close, payload: [UInt8(code.code >> 8), UInt8(code.code & 0xFF)] + reason)
  }

  /// The frame as the server sends it: unmasked.
  var bytes: [UInt8] {
    var head: [UInt8] = [(fin ? 0x80 : 0) | opcode.rawValue]
    switch payload.count {
    case ..<126: head.append(UInt8(payload.count))
    case ..<65_536: head += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      head.append(127)
      head += stride(from: 56, through: 0, by: -8).map {
        UInt8(truncatingIfNeeded: payload.count >> $0)
      }
    }
    return head + payload
  }

  /// Why reading a browser's frame ended the connection: the close code to send.
  struct ReadError: Error {
    var code: WebSocketCloseCode?
  }

  /// Reads one frame a browser sent: masked, as RFC 6455 requires, and no larger than
  /// `limit` bytes of payload, checked from the length the frame announces, before any of its
  /// payload is read. Throws with no code when the browser went away.
  static func read(from connection: InspectorConnection, limit: Int) throws(ReadError) -> Self {
    guard let head = connection.read(count: 2) else { throw ReadError() }
    guard let opcode = Opcode(rawValue: head[0] & 0x0F) else {
      throw ReadError(code: WebSocketCloseCode(1002, reason: "unknown opcode"))
    }
    guard head[1] & 0x80 != 0 else {
      throw ReadError(code: WebSocketCloseCode(1002, reason: "frames from the page are masked"))
    }
    var length = UInt64(head[1] & 0x7F)
    if length >= 126 {
      guard let bytes = connection.read(count: length == 126 ? 2 : 8) else { throw ReadError() }
      length = bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
    guard length <= UInt64(limit) else {
      throw ReadError(
        code: WebSocketCloseCode(1009, reason: "the message is larger than the limit"))
    }
    guard let mask = connection.read(count: 4), var payload = connection.read(count: Int(length))
    else { throw ReadError() }
    for index in payload.indices { payload[index] ^= mask[index & 3] }
    return WebSocketFrame(fin: head[0] & 0x80 != 0, opcode: opcode, payload: payload)
  }

  /// The `Sec-WebSocket-Accept` value for a browser's `Sec-WebSocket-Key` (RFC 6455 §4.2.2).
  static func acceptValue(for key: String) -> String {
    let digest = SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))
    return Data(digest).base64EncodedString()
  }
}

/// A WebSocket close status code and its reason.
struct WebSocketCloseCode: Equatable, Sendable {
  var code: UInt16
  var reason: String

  init(_ code: UInt16, reason: String = "") {
    self.code = code
    self.reason = reason
  }

  static let normalClosure = WebSocketCloseCode(1000)
  static let goingAway = WebSocketCloseCode(1001)
}
