import Foundation
import ReduxCore
import ReduxSeam

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One browser's TCP connection to the inspector, on a blocking POSIX socket: the thread that
/// serves it reads, the one that writes its outbox writes (a socket takes one of each at once),
/// and either may shut it down, which wakes the other. The descriptor is closed when the last
/// of them lets go of the connection.
final class InspectorConnection: Sendable {
  private let descriptor: Int32
  /// Bytes read ahead of what the reader has asked for; only the reading thread uses it.
  private let buffer = Lock<[UInt8]>([])

  init(descriptor: Int32) {
    self.descriptor = descriptor
    var on: Int32 = 1
    setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  deinit {
    close(descriptor)
  }

  /// Bounds what the kernel buffers for this connection's writes, so that a browser that
  /// stops reading holds at most that much there, and its outbox's byte budget takes over.
  func limitSendBuffer(to bytes: Int32) {
    var size = bytes
    setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
  }

  /// How long a read or a write may block before it fails; nil: without limit.
  func setTimeouts(read: Duration?, write: Duration?) {
    for (option, duration) in [(SO_RCVTIMEO, read), (SO_SNDTIMEO, write)] {
      let seconds = duration?.components.seconds ?? 0
      let micro = (duration?.components.attoseconds ?? 0) / 1_000_000_000_000
      var value = timeval(tv_sec: .init(seconds), tv_usec: .init(micro))
      setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// Reads exactly `count` bytes; nil when the browser went away, the read timed out or
  /// failed.
  func read(count: Int) -> [UInt8]? {
    buffer.withLock { buffer in
      while buffer.count < count {
        let wanted = min(max(count - buffer.count, 4_096), 64 * 1024)
        guard let chunk = receive(atMost: wanted) else { return nil }
        buffer += chunk
      }
      defer { buffer.removeFirst(count) }
      return Array(buffer.prefix(count))
    }
  }

  /// Why a request's head could not be read.
  enum HeadError: Error {
    /// Longer than the limit without its end.
    case tooLarge
    /// Not complete by the deadline.
    case tooSlow
    /// The browser went away, or the read failed.
    case closed
  }

  /// Reads an HTTP request's head (up to and including the empty line), at most `limit` bytes,
  /// and all of it by `deadline`: a client that trickles bytes, or sends an endless line, is
  /// cut off. Waits in the kernel, never spinning.
  func readHead(limit: Int, deadline: ContinuousClock.Instant) throws(HeadError) -> [UInt8] {
    let result: Result<[UInt8], HeadError> = buffer.withLock { buffer in
      while true {
        if let end = Self.endOfHead(in: buffer) {
          defer { buffer.removeFirst(end) }
          return .success(Array(buffer.prefix(end)))
        }
        if buffer.count >= limit { return .failure(.tooLarge) }
        let left = deadline - ContinuousClock.now
        if left <= .zero { return .failure(.tooSlow) }
        setTimeouts(read: min(left, .seconds(1)), write: nil)
        switch receiveOrTimeout(atMost: limit - buffer.count) {
        case .bytes(let chunk): buffer += chunk
        case .timedOut: continue
        case .closed: return .failure(.closed)
        }
      }
    }
    return try result.get()
  }

  /// Writes all of `bytes`; false when the browser went away, or the write timed out.
  func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { raw in
        send(descriptor, raw.baseAddress! + offset, raw.count - offset, Self.sendFlags)
      }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Sends `response` and closes gently: the write side first, then what the client is still
  /// sending is read and dropped for a moment (at most 64 KB, one second), so that closing
  /// with unread bytes does not reset the connection before the client has read the response.
  func respondAndClose(_ response: InspectorResponse) {
    guard write(response.bytes) else { return }
    shutdown(descriptor, Int32(SHUT_WR))
    setTimeouts(read: .seconds(1), write: nil)
    var drained = 0
    while drained < 64 * 1024, case .bytes(let bytes) = receiveOrTimeout(atMost: 16 * 1024) {
      drained += bytes.count
    }
  }

  /// Ends both directions: a blocked read or write on another thread returns at once.
  func shutDown() {
    shutdown(descriptor, Int32(SHUT_RDWR))
  }

  private enum Received {
    case bytes([UInt8])
    case timedOut
    case closed
  }

  private func receive(atMost count: Int) -> [UInt8]? {
    while true {
      switch receiveOrTimeout(atMost: count) {
      case .bytes(let bytes): return bytes
      case .timedOut, .closed: return nil
      }
    }
  }

  private func receiveOrTimeout(atMost count: Int) -> Received {
    var chunk = [UInt8](repeating: 0, count: count)
    while true {
      let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if received > 0 { return .bytes(Array(chunk[..<received])) }
      if received == 0 { return .closed }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .timedOut
      default: return .closed
      }
    }
  }

  /// Where the head's empty line ends, if it has arrived.
  private static func endOfHead(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 3..<bytes.count
    where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10
      && bytes[index - 3] == 13
    {
      return index + 1
    }
    return nil
  }

  #if canImport(Darwin)
    private static let sendFlags: Int32 = 0
  #else
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif
}
