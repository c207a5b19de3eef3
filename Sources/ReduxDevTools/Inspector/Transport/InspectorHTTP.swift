import Foundation

/// An HTTP/1.1 request's head, as the inspector reads it: the method, the path, the query's
/// items and the headers (names lowercased).
struct InspectorRequest: Sendable {
  var method: String
  var path: String
  var query: [String: String]
  var headers: [String: String]

  /// Parses a head read by ``InspectorConnection/readHead(limit:deadline:)``; nil when it is not
  /// an HTTP/1.1 request.
  init?(head: [UInt8]) {
    guard let text = String(validating: head, as: UTF8.self) else { return nil }
    var lines = text.components(separatedBy: "\r\n")
    let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
    method = String(parts[0])
    let target = URLComponents(string: String(parts[1]))
    path = target?.path ?? ""
    query = [:]
    for item in target?.queryItems ?? [] where query[item.name] == nil {
      query[item.name] = item.value ?? ""
    }
    headers = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
  }
}

/// An HTTP response the inspector sends; every connection closes after its response, or
/// becomes a WebSocket.
struct InspectorResponse: Sendable {
  var status: Int
  var headers: [(String, String)]
  var body: [UInt8]

  /// A plain-text response.
  static func text(_ status: Int, _ message: String) -> InspectorResponse {
    InspectorResponse(
      status: status,
      headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
      body: Array((message + "\n").utf8))
  }

  var bytes: [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if status != 101 { head += "Content-Length: \(body.count)\r\nConnection: close\r\n" }
    return Array((head + "\r\n").utf8) + body
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 101: "Switching Protocols"
    case 200: "OK"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 408: "Request Timeout"
    case 426: "Upgrade Required"
    case 431: "Request Header Fields Too Large"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}
