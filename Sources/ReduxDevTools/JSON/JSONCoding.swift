import Foundation
import ReduxSeam

/// How ReduxDevTools configures Foundation's JSON coders, and how it words their errors.
enum JSONCoding {
  /// Compact text, keys sorted (equal values always read the same, and two recordings diff
  /// well), slashes unescaped. `dates` as seconds since 1970 for recordings and the inspector;
  /// state files keep `Date`'s own format (seconds since 2001), as `JSONEncoder` writes it by
  /// default.
  static func encoder(datesSince1970: Bool = true, registry: ActionRegistry? = nil) -> JSONEncoder {
    let encoder = JSONEncoder()
    // Child actions in composition wrappers are written by the registry (ReduxSeam).
    if let registry { encoder.userInfo[nestedActionCodingKey] = registry }
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if datesSince1970 { encoder.dateEncodingStrategy = .secondsSince1970 }
    return encoder
  }

  /// The decoder that reads what ``encoder(datesSince1970:)`` writes.
  static func decoder(datesSince1970: Bool = true, registry: ActionRegistry? = nil) -> JSONDecoder {
    let decoder = JSONDecoder()
    if let registry {
      decoder.userInfo[nestedActionCodingKey] = registry
      decoder.userInfo[ActionRegistry.userInfoKey] = registry
    }
    if datesSince1970 { decoder.dateDecodingStrategy = .secondsSince1970 }
    return decoder
  }

  /// Why `data` did not encode or decode, in one line that names the place:
  /// `wrong value at state.count: expected Int, found a string`.
  ///
  /// `JSONDecoder` reports text that is not JSON and a number too large for its type alike,
  /// without a place; `data` (the text it was given) tells the two apart.
  static func reason(for error: any Error, in data: Data? = nil) -> String {
    switch error {
    case EncodingError.invalidValue(_, let context):
      return "cannot encode the value at \(path(context.codingPath)): \(context.debugDescription)"
    case DecodingError.typeMismatch(let type, let context):
      return "wrong value at \(path(context.codingPath)): expected \(type), "
        + found(context.debugDescription)
    case DecodingError.valueNotFound(let type, let context):
      return "missing value at \(path(context.codingPath)): expected \(type), found null"
    case DecodingError.keyNotFound(let key, let context):
      return "missing \"\(path(context.codingPath + [key]))\""
    case DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty:
      guard let data else { return "not valid JSON" }
      return syntaxProblem(in: data).map { "not valid JSON: \($0)" }
        ?? "a number does not fit the type it decodes to"
    case DecodingError.dataCorrupted(let context):
      return "wrong value at \(path(context.codingPath)): \(context.debugDescription)"
    default:
      return "\(error)"
    }
  }

  /// What is wrong with `data` as JSON text, as Foundation says it (`Invalid value around
  /// character 5.`); nil for valid JSON.
  static func syntaxProblem(in data: Data) -> String? {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        ?? "JSONSerialization cannot read it"
    }
  }

  /// `state.items[2].name`, or `the top level`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "the top level" }
    var text = ""
    for key in codingPath {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  /// What a type mismatch found, from `JSONDecoder`'s description ("… but found a string
  /// instead.").
  private static func found(_ description: String) -> String {
    guard let range = description.range(of: "found ") else { return description }
    var found = String(description[range.lowerBound...])
    if found.hasSuffix(" instead.") { found.removeLast(" instead.".count) }
    return found
  }
}
