/// Why ``DevTools/serve(registry:host:port:options:logger:)`` could not start the inspector.
public enum InspectorStartError: Error, Equatable, CustomStringConvertible {
  /// This DevTools already serves an inspector; stop it first (one inspector per DevTools).
  case alreadyServing
  /// `host` is not an IPv4 or IPv6 address.
  case invalidAddress(String)
  /// The server could not listen on `host`:`port` (the port is taken, or not allowed).
  case cannotListen(host: String, port: UInt16, reason: String)

  /// A sentence that says what went wrong and what to do.
  public var description: String {
    switch self {
    case .alreadyServing:
      "this DevTools already serves an inspector; stop it before serving another"
    case .invalidAddress(let host):
      "\"\(host)\" is not an IP address; pass one such as 127.0.0.1 or ::1"
    case .cannotListen(let host, let port, let reason):
      "cannot listen on \(host):\(port) (\(reason)); pass another port, or 0 for any free one"
    }
  }
}
