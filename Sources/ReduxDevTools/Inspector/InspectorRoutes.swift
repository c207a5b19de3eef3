internal import FlyingFox
internal import FlyingSocks
import Foundation
import Logging
import ReduxCore

/// The inspector's two addresses, both behind the token: `/` (the page) and `/socket` (its
/// WebSocket). A request whose `Host` is not one of the server's own names, or without the
/// token, or with another one, is refused with 403 before anything else is looked at.
struct InspectorRoutes: HTTPHandler {
  let token: String
  let title: String
  let actionNames: [String]
  let socket: WebSocketHTTPHandler
  /// The port the server listens on, known once it does.
  let port: BoundPort

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let host = request.headers[.host], Self.isOwnHost(host, port: port.value) else {
      return Self.text(
        .forbidden,
        "This DevTools inspector answers only at its own address (such as 127.0.0.1:\(port.value)"
          + " or localhost:\(port.value)): open the URL the app logged when it started.")
    }
    guard let given = request.query["token"], Self.matches(given, token) else {
      return Self.text(
        .forbidden,
        "This DevTools inspector needs its token: open the URL the app logged when it started.")
    }
    switch (request.method, request.path) {
    case (.GET, "/"):
      return page(for: request)
    case (.GET, "/socket"):
      // A browser sends the page's origin: a page from anywhere else may not connect, even
      // if the token leaked to it.
      if let origin = request.headers[HTTPHeader("Origin")],
        let host = request.headers[.host], origin != "http://" + host
      {
        return Self.text(.forbidden, "Connections are accepted only from the inspector's page.")
      }
      return try await socket.handleRequest(request)
    default:
      return Self.text(.notFound, "Not found.")
    }
  }

  private func page(for request: HTTPRequest) -> HTTPResponse {
    var bytes = [UInt8](repeating: 0, count: 16)
    for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max) }
    let nonce = Data(bytes).base64EncodedString()
    // A Host made only of address characters may name the WebSocket's origin in the policy.
    let host = request.headers[.host].flatMap { host in
      host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".:[]-".contains($0)) }
        ? host : nil
    }
    let policy = [
      "default-src 'none'", "script-src 'nonce-\(nonce)'", "style-src 'unsafe-inline'",
      "connect-src 'self'" + (host.map { " ws://\($0)" } ?? ""), "img-src 'none'",
      "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")
    return HTTPResponse(
      statusCode: .ok,
      headers: [
        .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
        HTTPHeader("Content-Security-Policy"): policy,
        HTTPHeader("Referrer-Policy"): "no-referrer",
        HTTPHeader("X-Content-Type-Options"): "nosniff",
      ],
      body: Data(InspectorPage.html(title: title, actionNames: actionNames, nonce: nonce).utf8))
  }

  private static func text(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
    HTTPResponse(
      statusCode: status,
      headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
      body: Data((message + "\n").utf8))
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

/// Hands FlyingFox's own log lines to swift-log, one level down: its per-connection
/// information lines are debugging detail for an app that embeds the inspector.
struct InspectorServerLog: FlyingSocks.Logging {
  let logger: Logger
  /// Set by ``InspectorServer/stop()``: the server then reports its listening task's
  /// cancellation as a critical error, which is only the stop the app asked for.
  let isStopping: StopFlag

  func logDebug(_ debug: @autoclosure () -> String) { logger.trace("\(debug())") }
  func logInfo(_ info: @autoclosure () -> String) { logger.debug("\(info())") }
  func logWarning(_ warning: @autoclosure () -> String) { logger.warning("\(warning())") }
  func logError(_ error: @autoclosure () -> String) { logger.debug("\(error())") }
  func logCritical(_ critical: @autoclosure () -> String) {
    if isStopping.isSet {
      logger.debug("\(critical())")
    } else {
      logger.error("\(critical())")
    }
  }
}

/// The port an inspector's server listens on: 0 until it listens (no request comes before).
final class BoundPort: Sendable {
  private let port = Lock<UInt16>(0)
  var value: UInt16 { port.withLock { $0 } }
  func set(_ value: UInt16) { port.withLock { $0 = value } }
}

/// Whether an inspector's server is stopping; set once.
final class StopFlag: Sendable {
  private let value = Lock(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}
