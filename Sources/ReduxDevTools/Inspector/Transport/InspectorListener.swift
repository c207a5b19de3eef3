import Foundation
import Logging
import ReduxCore
import ReduxSeam

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The inspector's listening socket and the thread that accepts its connections, each served
/// on a thread of its own.
///
/// Before a request has shown the token, a connection gets 16 KB and
/// ``InspectorOptions/requestTimeout`` (10 seconds by default) for its head,
/// and at most 64 connections are open at once: a client that trickles bytes, sends an endless
/// header line, or opens connections without end costs a bounded amount and no processor
/// time while it waits. When `accept` fails (out of file descriptors, say), the listener waits
/// a little and accepts again: it serves once descriptors are free.
final class InspectorListener: Sendable {
  let port: UInt16
  private let descriptor: Int32
  private let stopping = Lock(false)
  private let open = Lock(0)
  /// How many connections are being served now, browsers and requests alike.
  var openConnections: Int { open.withLock { $0 } }
  private let ended = DispatchSemaphore(value: 0)

  static let headLimit = 16 * 1024
  static let connectionLimit = 64

  /// Listens on `host` (an IPv4 or IPv6 address) and `port` (0: any free one).
  init(host: String, port: UInt16) throws(InspectorStartError) {
    let isIPv6 = host.contains(":")
    let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Self.streamType, 0)
    guard descriptor >= 0 else {
      throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno)))
    }
    var on: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    var bound: UInt16 = 0
    let failure: String? = Self.withAddress(host: host, port: port) { address, length in
      guard let address else { return "" }
      guard bind(descriptor, address, length) == 0, listen(descriptor, 64) == 0 else {
        return String(cString: strerror(errno))
      }
      var storage = sockaddr_storage()
      var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
      _ = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &size) }
      }
      bound = withUnsafeBytes(of: storage) { bytes in
        // sin_port and sin6_port both follow the family, in network byte order.
        UInt16(bytes[2]) << 8 | UInt16(bytes[3])
      }
      return nil
    }
    if let failure {
      close(descriptor)
      if failure.isEmpty { throw .invalidAddress(host) }
      throw .cannotListen(host: host, port: port, reason: failure)
    }
    self.descriptor = descriptor
    self.port = bound
  }

  /// Accepts connections on a thread of its own until ``stop()``, handing each to `serve` on a
  /// thread of its own.
  ///
  /// `accept` is the system's, or a test's stand-in that fails as a system out of descriptors
  /// does.
  func start(
    logger: Logger,
    accept: @escaping @Sendable (Int32) -> Int32 = systemAccept,
    serve: @escaping @Sendable (InspectorConnection) -> Void
  ) {
    let thread = Thread { [self] in
      acceptUntilStopped(logger: logger, accept: accept, serve: serve)
      close(descriptor)
      ended.signal()
    }
    thread.name = "ReduxDevTools inspector"
    thread.start()
  }

  private func acceptUntilStopped(
    logger: Logger, accept: (Int32) -> Int32,
    serve: @escaping @Sendable (InspectorConnection) -> Void
  ) {
    var reportedFailure = false
    while !stopping.withLock({ $0 }) {
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, 200) > 0 else { continue }
      let accepted = accept(descriptor)
      guard accepted >= 0 else {
        if !reportedFailure {
          logger.warning(
            "DevTools inspector: accept failed (\(String(cString: strerror(errno)))); retrying")
          reportedFailure = true
        }
        // Out of descriptors or memory, say: the pending connection stays pending, so wait
        // rather than spin, then try again.
        usleep(100_000)
        continue
      }
      reportedFailure = false
      _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
      let connection = InspectorConnection(descriptor: accepted)
      let admitted = open.withLock { count in
        guard count < Self.connectionLimit else { return false }
        count += 1
        return true
      }
      guard admitted else { continue }  // the connection closes as it is released
      let worker = Thread { [self] in
        serve(connection)
        open.withLock { $0 -= 1 }
      }
      worker.name = "ReduxDevTools inspector connection"
      worker.start()
    }
  }

  /// Stops accepting and closes the listening socket; returns once it is closed.
  func stop() async {
    let isFirst = stopping.withLock { stopping in
      defer { stopping = true }
      return !stopping
    }
    guard isFirst else { return }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        self.ended.wait()
        continuation.resume()
      }
    }
  }

  /// Calls `body` with the socket address for `host` and `port`; nil when `host` is not an
  /// IP address.
  private static func withAddress<Result>(
    host: String, port: UInt16,
    _ body: (UnsafePointer<sockaddr>?, socklen_t) -> Result
  ) -> Result {
    if host.contains(":") {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return body(nil, 0) }
      return withGeneric(&address, body)
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return body(nil, 0) }
    return withGeneric(&address, body)
  }

  /// Calls `body` with `address`, an IPv4 or IPv6 socket address, as the generic `sockaddr`.
  private static func withGeneric<Address, Result>(
    _ address: inout Address, _ body: (UnsafePointer<sockaddr>?, socklen_t) -> Result
  ) -> Result {
    withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<Address>.size))
      }
    }
  }

  #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
  #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #endif
}

/// The system's `accept`, for a listening socket whose peers' addresses are not needed.
@Sendable func systemAccept(_ descriptor: Int32) -> Int32 {
  accept(descriptor, nil, nil)
}

extension InspectorConnection {
  /// Serves one connection: reads its request's head within the limits above, answers it by
  /// `routes`, and hands a WebSocket to `hub`.
  func serve(routes: InspectorRoutes, hub: InspectorHub, requestTimeout: Duration) {
    setTimeouts(read: nil, write: .seconds(10))
    let head: [UInt8]
    do {
      head = try readHead(
        limit: InspectorListener.headLimit,
        deadline: ContinuousClock.now.advanced(by: requestTimeout))
    } catch .tooLarge {
      return respondAndClose(.text(431, "The request's head is too large."))
    } catch .tooSlow {
      return respondAndClose(.text(408, "The request took too long to arrive."))
    } catch {
      return
    }
    guard let request = InspectorRequest(head: head) else {
      return respondAndClose(.text(400, "Not an HTTP/1.1 request."))
    }
    switch routes.route(request) {
    case .respond(let response):
      respondAndClose(response)
    case .webSocket(let accept):
      let upgrade = InspectorResponse(
        status: 101,
        headers: [
          ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", accept),
        ], body: [])
      guard write(upgrade.bytes) else { return }
      hub.serve(self)
    }
  }
}
