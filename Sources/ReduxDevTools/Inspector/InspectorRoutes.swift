internal import FlyingFox
internal import FlyingSocks
import Foundation
import Logging
import ReduxCore

/// The inspector's two addresses, both behind the token: `/` (the page) and `/socket` (its
/// WebSocket). A request without the token, or with another one, is refused with 403 before
/// anything else is looked at.
struct InspectorRoutes: HTTPHandler {
  let token: String
  let title: String
  let actionNames: [String]
  let socket: WebSocketHTTPHandler

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
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

/// Whether an inspector's server is stopping; set once.
final class StopFlag: Sendable {
  private let value = Lock(false)
  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
}
