import Foundation
import Logging
import ReduxCore
import ReduxSeam
import Testing

@testable import ReduxDevTools

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live inspector against clients that never finish a request, frames that announce more
/// than the limit, browsers that stop reading, and a system out of file descriptors.
@Suite("Live inspector limits", .timeLimit(.minutes(1)))
struct InspectorLimitsTests {
  @Test("an endless header line is cut off at 16 KB, without the token, and the client let go")
  func endlessHeader() async throws {
    let (_, _, server) = try await servedStore()
    let client = try await TestSocket.connect(port: server.port)
    try await client.socket.write(Data("GET /?x=".utf8))
    // More than the limit, in one line that never ends; the server may stop reading it.
    for _ in 0..<4 {
      try? await client.socket.write(Data(String(repeating: "a", count: 8_192).utf8))
    }
    let response = try await within(.seconds(5)) { try await client.readStatus() }
    #expect(response == 431)
    await server.stop()
  }

  @Test("a request that trickles in is cut off at the request timeout")
  func slowRequest() async throws {
    let (_, _, server) = try await servedStore(
      options: InspectorOptions(requestTimeout: .milliseconds(500), updateInterval: .zero))
    let client = try await TestSocket.connect(port: server.port)
    let started = ContinuousClock.now
    try await client.socket.write(Data("GET / HT".utf8))
    let response = try await within(.seconds(5)) { try await client.readStatus() }
    #expect(response == 408)
    #expect(ContinuousClock.now - started < .seconds(3))
    await server.stop()
  }

  @Test("a frame announcing 512 MB is refused from its header; other browsers go on")
  func hugeFrameIsRefused() async throws {
    let (store, _, server) = try await servedStore(
      options: InspectorOptions(maximumMessageBytes: 1_024, updateInterval: .zero))
    let (good, _) = try await browser(server)
    let (hostile, _) = try await browser(server)
    // Text, masked, 64-bit length 512 MB, a mask, and no payload at all.
    let header: [UInt8] = [0x81, 0xFF, 0, 0, 0, 0, 0x20, 0, 0, 0, 1, 2, 3, 4]
    try await hostile.socket.write(Data(header))
    #expect(try await within(.seconds(5)) { try await hostile.receiveClose() } == 1009)
    store.dispatch(Increment())
    #expect(try await good.receive("append").count == 1)
    await server.stop()
  }

  @Test("a browser that stops reading is dropped (past its byte budget, or when a write stalls)")
  func stalledBrowserIsDropped() async throws {
    let reducer = Reducer<Leaves>.on(Bump.self) { state, action in
      for index in state.values.indices { state.values[index] = action.value }
    }
    let devTools = DevTools(reducer: reducer, capacity: 2_000)
    let store = Store(initialState: Leaves(), reducer: reducer, middleware: [devTools.middleware])
    let server = try await devTools.serve(
      registry: ActionRegistry().registering(Bump.self),
      options: InspectorOptions(
        updatesPerBrowser: 100_000, bytesPerBrowser: 1 << 20, updateInterval: .zero),
      logger: LogRecords().logger)
    let (stalled, _) = try await browser(server)
    #expect(server.connectionCount == 1)
    // Each action changes 200 leaves: about 4 MB of cards, which the stalled page never
    // reads, more than the socket's buffers and the budget together. Which limit drops it
    // depends on how the broadcasts batch the actions: a backlog of several updates past the
    // budget at once (OutboxTests pins that down), or one large update whose write stalls
    // for 10 s.
    for value in 1...1_000 {
      store.dispatch(Bump(value: value))
      // Pauses, so that the broadcasts carry a few actions each: a backlog of many updates.
      if value.isMultiple(of: 5) { try await Task.sleep(for: .milliseconds(2)) }
    }
    var waited = 0
    while server.connectionCount > 0 && waited < 400 {
      try await Task.sleep(for: .milliseconds(50))
      waited += 1
    }
    #expect(server.connectionCount == 0)
    _ = stalled
    let (_, snapshot) = try await browser(server)
    #expect(snapshot.count == 1_000)
    await server.stop()
  }

  @Test("after accept fails, as with no file descriptors left, the listener serves again")
  func acceptFailureIsSurvived() async throws {
    let listener = try InspectorListener(host: "127.0.0.1", port: 0)
    let failuresLeft = Lock(3)
    let logs = LogRecords()
    listener.start(
      logger: logs.logger,
      accept: { descriptor in
        let fails = failuresLeft.withLock { left in
          defer { left = max(left - 1, 0) }
          return left > 0
        }
        if fails {
          errno = EMFILE
          return -1
        }
        return systemAccept(descriptor)
      },
      serve: { connection in
        connection.respondAndClose(.text(200, "served"))
      })
    // A plain blocking client on a thread of its own: the listener is all that is tested.
    let response = try await within(.seconds(20)) { await blockingGet(port: listener.port) }
    #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(response.hasSuffix("\r\n\r\nserved\n"))
    #expect(failuresLeft.withLock { $0 } == 0)
    #expect(logs.all.contains { $0.hasPrefix("warning: DevTools inspector: accept failed") })
    await listener.stop()
  }
}

extension TestSocket {
  /// The status of the response the server sends.
  func readStatus() async throws -> Int {
    var head: [UInt8] = []
    while !head.contains(10) { head += try await read(count: 1) }
    return Int(String(decoding: head, as: UTF8.self).split(separator: " ")[1]) ?? 0
  }
}

/// A GET of `/` from 127.0.0.1:`port` with blocking sockets, on a thread of its own; the whole
/// response, or "" if the connection failed.
func blockingGet(port: UInt16) async -> String {
  await withCheckedContinuation { continuation in
    Thread {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else {
        close(descriptor)
        return continuation.resume(returning: "")
      }
      let connection = InspectorConnection(descriptor: descriptor)
      _ = connection.write(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
      var response: [UInt8] = []
      while let byte = connection.read(count: 1) { response += byte }
      continuation.resume(returning: String(decoding: response, as: UTF8.self))
    }.start()
  }
}

/// `body`'s result, or an error once `limit` has passed without one.
func within<T: Sendable>(
  _ limit: Duration, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else {
      throw TimedOut(limit: limit)
    }
    return value
  }
}

struct TimedOut: Error { var limit: Duration }

/// A state of 200 leaves, every one changed by each action.
private struct Leaves: Sendable, Codable, Equatable {
  var values = [Int](repeating: 0, count: 200)
}
private struct Bump: Action, Codable { var value: Int }
