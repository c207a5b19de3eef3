import Foundation
import ReduxCore

/// What the inspector does with a request: answer it, or make the connection the page's
/// WebSocket.
enum InspectorRoute {
  case respond(InspectorResponse)
  case webSocket(accept: String)
}

/// The inspector's two addresses, both behind the token: `/` (the page) and `/socket` (its
/// WebSocket). A request whose `Host` is not one of the server's own names, or without the
/// token, or with another one, is refused with 403 before anything else is looked at.
struct InspectorRoutes: Sendable {
  let token: String
  let title: String
  let actionNames: [String]
  /// The port the server listens on.
  let port: UInt16

  func route(_ request: InspectorRequest) -> InspectorRoute {
    guard let host = request.headers["host"], Self.isOwnHost(host, port: port) else {
      return .respond(
        .text(
          403,
          "This DevTools inspector answers only at its own address (such as 127.0.0.1:\(port)"
            + " or localhost:\(port)): open the URL the app logged when it started."))
    }
    guard let given = request.query["token"], Self.matches(given, token) else {
      return .respond(
        .text(
          403,
          "This DevTools inspector needs its token: open the URL the app logged when it started."
        ))
    }
    switch (request.method, request.path) {
    case ("GET", "/"):
      return .respond(page(host: host))
    case ("GET", "/socket"):
      // A browser sends the page's origin: a page from anywhere else may not connect, even
      // if the token leaked to it.
      if let origin = request.headers["origin"], origin != "http://" + host {
        return .respond(.text(403, "Connections are accepted only from the inspector's page."))
      }
      guard request.headers["upgrade"]?.lowercased() == "websocket",
        request.headers["sec-websocket-version"] == "13",
        let key = request.headers["sec-websocket-key"], !key.isEmpty
      else {
        return .respond(.text(426, "This address is the page's WebSocket (version 13)."))
      }
      return .webSocket(accept: WebSocketFrame.acceptValue(for: key))
    default:
      return .respond(.text(404, "Not found."))
    }
  }

  private func page(host: String) -> InspectorResponse {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max) }
    let nonce = Data(bytes).base64EncodedString()
    let policy = [
      "default-src 'none'", "script-src 'nonce-\(nonce)'", "style-src 'unsafe-inline'",
      "connect-src 'self' ws://\(host)", "img-src 'none'", "base-uri 'none'",
      "form-action 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")
    return InspectorResponse(
      status: 200,
      headers: [
        ("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
        ("Content-Security-Policy", policy), ("Referrer-Policy", "no-referrer"),
        ("X-Content-Type-Options", "nosniff"),
      ],
      body: Array(InspectorPage.html(title: title, actionNames: actionNames, nonce: nonce).utf8))
  }

  /// Whether `host`, a request's `Host` header, names this server: `localhost` or an IP
  /// address (an IPv6 one in brackets), with the server's port or none for port 80. A DNS name
  /// is refused, so that a page whose name was rebound to this machine (DNS rebinding) is not
  /// answered; an IP address cannot be rebound.
  static func isOwnHost(_ host: String, port: UInt16) -> Bool {
    var name = Substring(host.lowercased())
    var given: Substring = "80"
    if let colon = name.lastIndex(of: ":"), !name.hasSuffix("]") {
      given = name[name.index(after: colon)...]
      name = name[..<colon]
    }
    guard given == String(port) else { return false }
    if name == "localhost" { return true }
    if name.hasPrefix("["), name.hasSuffix("]") {
      let inner = name.dropFirst().dropLast()
      return !inner.isEmpty && inner.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        (1...3).contains(part.count) && part.allSatisfy { ("0"..."9").contains($0) }
          && Int(part)! <= 255
      }
  }

  /// Compares in time that does not depend on where the strings differ.
  static func matches(_ given: String, _ token: String) -> Bool {
    let given = Array(given.utf8)
    let token = Array(token.utf8)
    var difference = given.count ^ token.count
    for index in token.indices {
      difference |= Int((index < given.count ? given[index] : 0) ^ token[index])
    }
    return difference == 0
  }
}
