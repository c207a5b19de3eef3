import Foundation
import ReduxSeam

/// What a stored state holds, `{"state": …, "version": 2}`, and how its errors are worded.
///
/// Its Codable failures are worded by ReduxSeam, as ReduxDevTools' are.
enum StoredJSON {
  /// Keys sorted, so that equal states are equal bytes; `Date` in its own format (seconds since
  /// 2001), as `JSONEncoder` writes it by default.
  static func encode<State: Encodable>(_ state: State, version: Int) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(Contents(state: state, version: version))
  }

  /// The state and the version in `data`, in one pass.
  static func decode<State: Decodable>(_: State.Type, from data: Data) throws -> (
    state: State, version: Int?
  ) {
    let contents = try JSONDecoder().decode(Contents<State>.self, from: data)
    return (contents.state, contents.version)
  }

  /// The version and the `state` value's JSON, checked without decoding the state: for a file
  /// that did not decode as the current version, to say why or to migrate it.
  static func header(of data: Data) throws(HeaderProblem) -> (version: Int, state: Data) {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw HeaderProblem("not valid JSON: \(syntaxProblem(error))")
    }
    guard let contents = object as? [String: Any] else {
      throw HeaderProblem("it holds \(kind(of: object)), not an object")
    }
    guard let number = contents["version"] as? NSNumber, let version = integer(number) else {
      throw HeaderProblem("no integer \"version\"")
    }
    guard let state = contents["state"] else { throw HeaderProblem("missing \"state\"") }
    let stateJSON = try? JSONSerialization.data(withJSONObject: state, options: [.fragmentsAllowed])
    return (version, stateJSON ?? Data())
  }

  /// Why the header is not one a state file has.
  struct HeaderProblem: Error {
    let detail: String
    init(_ detail: String) { self.detail = detail }
  }

  /// Why `error` stopped encoding or decoding, in one line that names the place
  /// (ReduxSeam's wording, which ReduxDevTools shares).
  static func reason(for error: any Error) -> String {
    describeCodingFailure(error) { "a number does not fit the type it decodes to" }
  }

  /// Foundation's own words for a parse error (`Invalid value around character 5.`).
  private static func syntaxProblem(_ error: any Error) -> String {
    (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      ?? "JSONSerialization cannot read it"
  }

  private static func kind(of value: Any) -> String {
    switch value {
    case is [Any]: "an array"
    case is String: "a string"
    case is NSNull: "null"
    case let number as NSNumber: isBool(number) ? "a Boolean" : "a number"
    default: "an unknown value"
    }
  }

  /// The number as an `Int` if it was written as an integer that fits: not a Boolean (type
  /// `c`), not a fraction or an exponent (type `d`).
  private static func integer(_ number: NSNumber) -> Int? {
    let type = String(cString: number.objCType)
    return type == "c" || type == "d" ? nil : Int(number.description)
  }

  /// A Boolean is an NSNumber of type `c` (char); JSON numbers never are.
  private static func isBool(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }

  fileprivate struct Contents<State> {
    var state: State
    var version: Int?
  }
}

extension StoredJSON.Contents: Encodable where State: Encodable {}
extension StoredJSON.Contents: Decodable where State: Decodable {}
