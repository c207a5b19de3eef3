internal import FlyingFox
internal import FlyingSocks
import Foundation
import Logging

/// A running live inspector: the address of its page, and how to stop it.
///
/// Start one with ``DevTools/serve(registry:host:port:options:logger:)``; it runs until
/// ``stop()``, whether or not you keep this object.
public final class InspectorServer: Sendable {
  /// The page's address, token included: open it in a browser.
  public let url: URL
  /// The address the server listens on (127.0.0.1 unless the app named another).
  public let host: String
  /// The port the server listens on.
  public let port: UInt16
  /// The random token that every request must carry (`?token=`).
  public let token: String

  private let http: HTTPServer
  private let hub: InspectorHub
  private let tasks: [Task<Void, Never>]
  private let detach: @Sendable () -> Void

  init(
    url: URL, host: String, port: UInt16, token: String, http: HTTPServer, hub: InspectorHub,
    tasks: [Task<Void, Never>], detach: @escaping @Sendable () -> Void
  ) {
    self.url = url
    self.host = host
    self.port = port
    self.token = token
    self.http = http
    self.hub = hub
    self.tasks = tasks
    self.detach = detach
  }

  /// How many browsers are connected now.
  public var connectionCount: Int { hub.connectionCount }

  /// Closes every browser's connection, stops listening, and stops following the DevTools,
  /// which may then serve again. Dispatching is unaffected throughout.
  public func stop() async {
    detach()
    hub.closeAll()
    await http.stop(timeout: 1)
    for task in tasks { task.cancel() }
  }
}

/// The random token of an inspector's URL: 128 bits from the system's generator, as hex.
func makeInspectorToken() -> String {
  var generator = SystemRandomNumberGenerator()
  return (0..<4).map { _ in
    let word = String(generator.next() as UInt32, radix: 16)
    return String(repeating: "0", count: 8 - word.count) + word
  }.joined()
}

/// The socket address for `host`, an IPv4 or IPv6 address.
func inspectorAddress(host: String, port: UInt16) throws(InspectorStartError)
  -> any SocketAddress
{
  do {
    return host.contains(":")
      ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
  } catch {
    throw .invalidAddress(host)
  }
}

/// Runs `server` and returns the port it listens on once it does, or throws why it cannot.
func startListening(_ server: HTTPServer, host: String, port: UInt16)
  async throws(InspectorStartError) -> (UInt16, Task<Void, Never>)
{
  let failure = AsyncStream<String>.makeStream()
  let running = Task {
    do { try await server.run() } catch { failure.continuation.yield("\(error)") }
    failure.continuation.finish()
  }
  let listening = Task { () -> String? in
    do {
      try await server.waitUntilListening(timeout: 10)
      return nil
    } catch {
      return "\(error)"
    }
  }
  let outcome = await withTaskGroup(of: String?.self) { group in
    group.addTask { await listening.value }
    group.addTask {
      for await reason in failure.stream { return reason }
      return "the server stopped"
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
  if let reason = outcome {
    running.cancel()
    throw .cannotListen(host: host, port: port, reason: reason)
  }
  guard case .some(.ip4(_, let bound)) = await server.listeningAddress else {
    if case .some(.ip6(_, let bound)) = await server.listeningAddress { return (bound, running) }
    running.cancel()
    throw .cannotListen(host: host, port: port, reason: "no address after listening")
  }
  return (bound, running)
}
