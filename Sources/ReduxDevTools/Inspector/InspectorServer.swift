import Foundation
import ReduxCore

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

  private let listener: InspectorListener
  private let hub: InspectorHub
  private let tasks: [Task<Void, Never>]
  private let detach: @Sendable () -> Void

  init(
    url: URL, host: String, token: String, listener: InspectorListener, hub: InspectorHub,
    tasks: [Task<Void, Never>], detach: @escaping @Sendable () -> Void
  ) {
    self.url = url
    self.host = host
    self.port = listener.port
    self.token = token
    self.listener = listener
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
    await listener.stop()
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
