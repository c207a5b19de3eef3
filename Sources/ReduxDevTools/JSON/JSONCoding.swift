import Foundation
import ReduxSeam

/// How ReduxDevTools configures Foundation's JSON coders, and how it words their errors.
enum JSONCoding {
  /// Compact text, keys sorted (equal values always read the same, and two recordings diff
  /// well), slashes unescaped, dates as seconds since 1970; the child actions of composition
  /// wrappers written by `registry` (through ReduxSeam's `NestedActionCoding`).
  static func encoder(registry: ActionRegistry? = nil) -> JSONEncoder {
    let encoder = JSONEncoder()
    if let registry { encoder.userInfo[nestedActionCodingKey] = registry }
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .secondsSince1970
    return encoder
  }

  /// The decoder that reads what ``encoder(registry:)`` writes.
  static func decoder(registry: ActionRegistry? = nil) -> JSONDecoder {
    let decoder = JSONDecoder()
    if let registry {
      decoder.userInfo[nestedActionCodingKey] = registry
      decoder.userInfo[ActionRegistry.userInfoKey] = registry
    }
    decoder.dateDecodingStrategy = .secondsSince1970
    return decoder
  }

  /// Why `data` did not encode or decode, in one line that names the place:
  /// `wrong value at state.count: expected Int, found a string`.
  ///
  /// `JSONDecoder` reports text that is not JSON and a number too large for its type alike,
  /// without a place; `data` (the text it was given) tells the two apart.
  static func reason(for error: any Error, in data: Data? = nil) -> String {
    describeCodingFailure(error) {
      guard let data else { return "not valid JSON" }
      return syntaxProblem(in: data).map { "not valid JSON: \($0)" }
        ?? "a number does not fit the type it decodes to"
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
}
