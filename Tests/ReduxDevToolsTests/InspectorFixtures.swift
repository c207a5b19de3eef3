import FlyingSocks
import Foundation
import Logging
import ReduxCore
import ReduxDevTools
import ReduxSeam

/// A minimal HTTP and WebSocket client over a plain socket, so that the tests can send what a
/// browser sends, and what a broken or hostile one would.
final class TestSocket: Sendable {
  let socket: AsyncSocket
  /// The `Host` header a browser sends to this address.
  let host: String
  private let buffer = Lock<[UInt8]>([])

  init(socket: AsyncSocket, host: String) {
    self.socket = socket
    self.host = host
  }

  /// Connects to the server. The connection may take its time: FlyingSocks' default limit of 5
  /// seconds was reached under ThreadSanitizer with the whole suite running on two cores, where
  /// the connecting task waits its turn on the client pool; a refused connection still fails at
  /// once.
  static func connect(host: String = "127.0.0.1", port: UInt16) async throws -> TestSocket {
    TestSocket(
      socket: try await AsyncSocket.connected(
        to: try sockaddr_in.inet(ip4: host, port: port), timeout: 60),
      host: "\(host):\(port)")
  }

  /// One HTTP/1.1 GET; the status and the body.
  static func get(
    _ path: String, host: String = "127.0.0.1", port: UInt16, headers: [String: String] = [:]
  ) async throws -> (status: Int, headers: [String: String], body: String) {
    let client = try await connect(host: host, port: port)
    defer { try? client.socket.close() }
    try await client.sendRequest(path, headers: headers.merging(["Connection": "close"]) { $1 })
    let (status, responseHeaders) = try await client.readHead()
    let length = Int(responseHeaders["content-length"] ?? "0") ?? 0
    let body = try await client.read(count: length)
    return (status, responseHeaders, String(decoding: body, as: UTF8.self))
  }

  /// Opens a WebSocket at `path`; `nil` and the status when the server refuses the upgrade.
  static func webSocket(
    _ path: String, port: UInt16, origin: String? = nil, hostHeader: String? = nil
  ) async throws -> (TestSocket?, Int) {
    let client = try await connect(port: port)
    var headers = [
      "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
      "Sec-WebSocket-Key": Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        .base64EncodedString(),
    ]
    headers["Origin"] = origin
    headers["Host"] = hostHeader
    try await client.sendRequest(path, headers: headers)
    let (status, _) = try await client.readHead()
    guard status == 101 else {
      try? client.socket.close()
      return (nil, status)
    }
    return (client, status)
  }

  private func sendRequest(_ path: String, headers: [String: String]) async throws {
    var head = "GET \(path) HTTP/1.1\r\nHost: \(headers["Host"] ?? host)\r\n"
    for (name, value) in headers where name != "Host" { head += "\(name): \(value)\r\n" }
    try await socket.write(Data((head + "\r\n").utf8))
  }

  private func readHead() async throws -> (Int, [String: String]) {
    var head: [UInt8] = []
    while Array(head.suffix(4)) != [13, 10, 13, 10] { head += try await read(count: 1) }
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let status = Int(lines[0].split(separator: " ")[1]) ?? 0
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
  }

  func read(count: Int) async throws -> [UInt8] {
    while buffer.withLock({ $0.count }) < count {
      let chunk = try await socket.read(atMost: 65_536)
      buffer.withLock { $0 += chunk }
    }
    return buffer.withLock { buffer in
      defer { buffer.removeFirst(count) }
      return Array(buffer.prefix(count))
    }
  }

  /// Sends one masked frame, as a browser does.
  func send(opcode: UInt8 = 1, _ payload: [UInt8], fin: Bool = true) async throws {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    switch payload.count {
    case ..<126: frame.append(0x80 | UInt8(payload.count))
    case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    default:
      frame += [0x80 | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
    }
    let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
    frame += mask
    frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    try await socket.write(Data(frame))
  }

  func send(_ text: String) async throws { try await send(Array(text.utf8)) }

  /// The next frame from the server: its opcode and payload.
  func receiveFrame() async throws -> (opcode: UInt8, payload: [UInt8]) {
    let head = try await read(count: 2)
    var length = Int(head[1] & 0x7F)
    if length == 126 {
      length = try await read(count: 2).reduce(0) { $0 << 8 | Int($1) }
    } else if length == 127 {
      length = try await read(count: 8).reduce(0) { $0 << 8 | Int($1) }
    }
    return (head[0] & 0x0F, try await read(count: length))
  }

  /// The next text message, decoded; a close frame is an error naming its code.
  func receive() async throws -> InspectorTestMessage {
    let frame = try await receiveFrame()
    guard frame.opcode == 1 else { throw Closed(code: closeCode(frame.payload)) }
    return try JSONDecoder().decode(InspectorTestMessage.self, from: Data(frame.payload))
  }

  /// Messages until one of `kind` arrives; returns it.
  func receive(_ kind: String) async throws -> InspectorTestMessage {
    while true {
      let message = try await receive()
      if message.kind == kind { return message }
    }
  }

  /// Reads until the server closes; returns the close frame's code.
  func receiveClose() async throws -> Int {
    while true {
      let frame = try await receiveFrame()
      if frame.opcode == 8 { return closeCode(frame.payload) }
    }
  }

  private func closeCode(_ payload: [UInt8]) -> Int {
    payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 0
  }

  struct Closed: Error { var code: Int }
}

/// A message from the inspector, as the page reads it.
struct InspectorTestMessage: Decodable {
  struct Status: Decodable {
    var recording: Bool
    var locked: Bool
    var ignored: Int
    var capacity: Int
    var count: Int
    var event: String
  }
  var kind: String
  var count: Int?
  var current: Int?
  var cards: String?
  var base: String?
  var status: Status?
  var message: String?
  var tree: String?
  var text: String?
  var id: Int?

  /// The `data-id` of each card, in order.
  var ids: [Int] {
    (cards ?? "").components(separatedBy: "data-id=\"").dropFirst().compactMap {
      Int($0.prefix { $0.isNumber })
    }
  }
}

/// A JSON request from the page.
func request(_ members: [String: Any]) -> String {
  String(decoding: try! JSONSerialization.data(withJSONObject: members), as: UTF8.self)
}

/// Log messages kept for a test to read.
final class LogRecords: Sendable {
  private let lines = Lock<[String]>([])
  var all: [String] { lines.withLock { $0 } }

  var logger: Logger {
    Logger(label: "test") { _ in Handler(records: self) }
  }

  private struct Handler: LogHandler {
    let records: LogRecords
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
      records.lines.withLock { $0.append("\(event.level): \(event.message)") }
    }
  }
}

/// A store with devtools whose inspector sends each change at once.
func servedStore(
  capacity: Int = 100, options: InspectorOptions = InspectorOptions(updateInterval: .zero)
) async throws -> (Store<Counter>, DevTools<Counter>, InspectorServer) {
  let (store, devTools) = makeStore(capacity: capacity)
  let server = try await devTools.serve(
    registry: counterRegistry, options: options, logger: LogRecords().logger)
  return (store, devTools, server)
}

/// A browser connected to `server`, past the first snapshot.
func browser(_ server: InspectorServer) async throws -> (TestSocket, InspectorTestMessage) {
  let (socket, status) = try await TestSocket.webSocket(
    "/socket?token=\(server.token)", port: server.port)
  guard let socket else { throw TestSocket.Closed(code: status) }
  return (socket, try await socket.receive("snapshot"))
}
