import Foundation
import ReduxCore
import ReduxEffects
import Testing

@Suite("RequestState coding")
struct RequestStateCodableTests {
  typealias Request = RequestState<[String], RequestError>

  /// A state an app saves: a request among other fields.
  struct Feed: Codable, Equatable {
    var posts: Request = .idle
    var draft = ""
  }

  func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  func decode<Value: Decodable>(_: Value.Type, from json: String) throws -> Value {
    try JSONDecoder().decode(Value.self, from: Data(json.utf8))
  }

  @Test(
    "each case round-trips through JSON, in a readable shape",
    arguments: [
      (Request.idle, #"{"status":"idle"}"#),
      (Request.loading, #"{"status":"loading"}"#),
      (Request.success(["a", "b"]), #"{"status":"success","value":["a","b"]}"#),
      (Request.failure(RequestError(code: 7)), #"{"error":{"code":7},"status":"failure"}"#),
    ]
  )
  func roundTrip(state: Request, encoded: String) throws {
    #expect(try json(state) == encoded)
    #expect(try decode(Request.self, from: encoded) == state)
  }

  @Test("a state that holds one round-trips, failure payload included")
  func inState() throws {
    let feed = Feed(posts: .failure(RequestError(code: 503)), draft: "Hello")
    let restored = try decode(Feed.self, from: try json(feed))
    #expect(restored == feed)
    #expect(restored.posts.error == RequestError(code: 503))
  }

  @Test("an unknown status fails to decode, naming the four it accepts")
  func unknownStatus() throws {
    let error = try #require(throws: DecodingError.self) {
      try decode(Request.self, from: #"{"status":"done"}"#)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(
      context.debugDescription
        == #""done" is not a RequestState status: expected idle, loading, success or failure."#)
    #expect(context.codingPath.map(\.stringValue) == ["status"])
  }

  @Test("a success without its value, or a failure without its error, fails to decode")
  func missingPayload() {
    #expect(throws: DecodingError.self) {
      try decode(Request.self, from: #"{"status":"success"}"#)
    }
    #expect(throws: DecodingError.self) {
      try decode(Request.self, from: #"{"status":"failure","value":["a"]}"#)
    }
  }
}
