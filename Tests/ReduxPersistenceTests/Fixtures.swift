import Foundation
import ReduxCore

struct Counter: Sendable, Codable, Equatable {
  var count = 0
  var step = 1
  var log: [String] = []
}

struct Increment: Action, Codable {}
struct SetStep: Action, Codable { var step: Int }

let counterReducer = Reducer<Counter>
  .on(Increment.self) { state, _ in state.count += state.step }
  .on(SetStep.self) { state, action in state.step = action.step }

/// A new folder in the system's temporary directory, removed with everything in it when the
/// last reference goes.
final class TemporaryFolder: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("redux-persistence-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A state with every kind of value Codable can write, as an earlier release saved it
/// (`Written/state-v1.json`).
struct Everything: Codable, Equatable, Sendable {
  enum Shape: Codable, Equatable, Sendable {
    case circle(radius: Double)
    case square(side: Int)
    case none
  }

  var date = Date(timeIntervalSince1970: 1_700_000_000.25)
  var data = Data([0, 1, 2, 250, 255])
  var url = URL(string: "https://example.com/a/b?c=d")!
  var decimal = Decimal(string: "12345678901234567890.123456789")!
  var double = 0.1
  var tiny = Double.leastNonzeroMagnitude
  var float: Float = 0.1
  var small: Int8 = -128
  var big = UInt64.max
  var huge = Int128.max
  var optional: String? = "here"
  var missing: Int?
  var text = "quote \" backslash \\ slash / newline \n tab \t nul \u{0} esc \u{1B} é 😀 \u{2028}"
  var shapes: [Shape] = [.circle(radius: 1.5), .square(side: 2), .none]
  var byName = ["b": 2, "a": 1]
  var byNumber = [3: "three", 1: "one"]
  var nested: [[Bool]] = [[true, false], []]
  var empty: [String: [Int]] = [:]
}
