import Foundation
import ReduxCore
import ReduxSeam

// Actions to and from JSON by their registered names: how the live inspector dispatches an
// action typed into its page and imports bare actions, and how the pages show a payload.
extension ActionRegistry {
  /// Decodes an action of the type registered as `name` from JSON text.
  ///
  /// ```swift
  /// let action = try registry.action(named: "SetStep", json: #"{"step": 5}"#)
  /// store.dispatch(action)
  /// ```
  ///
  /// - Throws: ``ActionDecodingError`` for a name that is not registered, text that is not
  ///   JSON, or JSON that does not decode as the type.
  public func action(named name: String, json: String) throws(ActionDecodingError) -> any Action {
    try action(named: name, json: Data(json.utf8))
  }

  /// Decodes bare actions from JSON Lines, one `{"type": …, "action": …}` object per line (the
  /// `type` and `action` members of a recording's entry lines), for
  /// ``DevTools/load(actions:)``. Blank lines are skipped; lines may end in LF or CRLF.
  ///
  /// - Throws: ``ActionDecodingError`` naming the first line that fails.
  public func actions(jsonLines: String) throws(ActionDecodingError) -> [any Action] {
    let decoder = JSONCoding.decoder(registry: self)
    var actions: [any Action] = []
    try RecordingFormat.forEachLine(in: jsonLines) {
      (number, line) throws(ActionDecodingError) in
      let data = Data(buffer: line)
      do {
        actions.append(try decoder.decode(BareAction.self, from: data).action)
      } catch let error as ActionDecodingError {
        throw ActionDecodingError(line: number, error.reason)
      } catch DecodingError.keyNotFound(let key, let context) where context.codingPath.isEmpty {
        throw ActionDecodingError(
          line: number, .malformedJSON("expected an object with a string \"\(key.stringValue)\""))
      } catch {
        if let problem = JSONCoding.syntaxProblem(in: data) {
          throw ActionDecodingError(line: number, .malformedJSON(problem))
        }
        throw ActionDecodingError(line: number, .malformedJSON(JSONCoding.reason(for: error)))
      }
      return true
    }
    return actions
  }

  /// The key under which a decoder's `userInfo` holds the registry its actions decode with.
  static let userInfoKey = CodingUserInfoKey(rawValue: "ReduxDevTools.ActionRegistry")!

  private func action(named name: String, json: Data) throws(ActionDecodingError) -> any Action {
    guard let codec = codec(named: name) else {
      throw ActionDecodingError(.unregisteredType(name, registered: names))
    }
    do {
      return try codec.decode(json: json, registry: self)
    } catch {
      if let problem = JSONCoding.syntaxProblem(in: json) {
        throw ActionDecodingError(.malformedJSON(problem))
      }
      throw ActionDecodingError(.wrongShape(type: name, JSONCoding.reason(for: error, in: json)))
    }
  }

  /// The action's registered name and its JSON; for an unregistered type, its Swift type
  /// name and `nil`.
  func encode(_ action: any Action) -> (name: String, json: JSONValue?) {
    guard let codec = codec(for: action) else {
      return (typeName(type(of: action)), nil)
    }
    return (
      codec.name,
      try? JSONValue(encoding: EncodedAction(action: action, codec: codec), registry: self)
    )
  }
}

// Child actions inside composition wrappers (`ChildAction`, `ElementAction`, `StackAction`),
// read and written by name through the registry (ReduxCore finds it in the coder's `userInfo`).
extension ActionRegistry: NestedActionCoding {
  /// Writes `{"type": name, "action": payload}`; an unregistered type is an error naming it.
  package func encodeNested(_ action: Any, to encoder: any Encoder) throws {
    guard let action = action as? any Action, let codec = codec(for: action) else {
      throw EncodingError.invalidValue(
        action,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "the child action type \(typeName(type(of: action))) is not "
            + "registered; add it to the ActionRegistry"))
    }
    var container = encoder.container(keyedBy: EntryLine.CodingKeys.self)
    try container.encode(codec.name, forKey: .type)
    try codec.encode(action, container.superEncoder(forKey: .action))
  }

  /// Reads what ``encodeNested(_:to:)`` wrote; an unregistered name stops the import at its
  /// line, naming the type.
  package func decodeNested(from decoder: any Decoder) throws -> Any {
    let container = try decoder.container(keyedBy: EntryLine.CodingKeys.self)
    let name = try container.decode(String.self, forKey: .type)
    guard let codec = codec(named: name) else { throw UnknownActionType(name: name) }
    return try codec.decode(container.superDecoder(forKey: .action))
  }
}

/// A line of bare actions: `{"type": …, "action": …}`, an action without members if the line
/// has no `action`.
private struct BareAction: Decodable {
  var action: any Action

  init(from decoder: any Decoder) throws {
    let line = try decoder.container(keyedBy: EntryLine.CodingKeys.self)
    let name = try line.decode(String.self, forKey: .type)
    guard let registry = decoder.userInfo[ActionRegistry.userInfoKey] as? ActionRegistry,
      let codec = registry.codec(named: name)
    else {
      let registered = (decoder.userInfo[ActionRegistry.userInfoKey] as? ActionRegistry)?.names
      throw ActionDecodingError(.unregisteredType(name, registered: registered ?? []))
    }
    if line.contains(.action) {
      action = try codec.decode(line.superDecoder(forKey: .action))
    } else {
      action = try codec.decode(json: Data("{}".utf8), registry: registry)
    }
  }
}

extension ActionRegistry.Codec {
  /// Decodes an action of this codec's type from one JSON text; `registry` reads the child
  /// actions of composition wrappers.
  func decode(json: Data, registry: ActionRegistry) throws -> any Action {
    let decoder = JSONCoding.decoder(registry: registry)
    decoder.userInfo[Self.userInfoKey] = self
    return try decoder.decode(DecodedAction.self, from: json).action
  }

  /// The key under which a decoder's `userInfo` holds the codec ``DecodedAction`` uses.
  static let userInfoKey = CodingUserInfoKey(rawValue: "ReduxDevTools.ActionRegistry.Codec")!

  /// An action decoded by the codec in the decoder's `userInfo`.
  private struct DecodedAction: Decodable {
    var action: any Action

    init(from decoder: any Decoder) throws {
      guard let codec = decoder.userInfo[ActionRegistry.Codec.userInfoKey] as? ActionRegistry.Codec
      else { preconditionFailure("DecodedAction is decoded by Codec.decode(json:) only") }
      action = try codec.decode(decoder)
    }
  }
}
