import Foundation
import ReduxCore

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
    let value: JSONValue
    do {
      value = try JSONValue(parsing: json)
    } catch {
      throw ActionDecodingError(.malformedJSON(error.description))
    }
    return try action(named: name, value: value)
  }

  /// Decodes bare actions from JSON Lines, one `{"type": …, "action": …}` object per line (the
  /// `type` and `action` members of a recording's entry lines), for
  /// ``DevTools/load(actions:)``. Blank lines are skipped; lines may end in LF or CRLF.
  ///
  /// - Throws: ``ActionDecodingError`` naming the first line that fails.
  public func actions(jsonLines: String) throws(ActionDecodingError) -> [any Action] {
    var actions: [any Action] = []
    try RecordingFormat.forEachLine(in: jsonLines) {
      (number, line) throws(ActionDecodingError) in
      var type: JSONValue?
      var action: JSONValue?
      do throws(JSONSyntaxError) {
        try JSONValue.forEachMember(parsing: line) { key, value in
          if key == "type" { type = value } else if key == "action" { action = value }
        }
      } catch {
        throw ActionDecodingError(line: number, .malformedJSON(error.description))
      }
      guard let name = type?.string else {
        throw ActionDecodingError(
          line: number, .malformedJSON("expected an object with a string \"type\""))
      }
      do throws(ActionDecodingError) {
        actions.append(try self.action(named: name, value: action ?? .object([:])))
      } catch {
        var error = error
        error.line = number
        throw error
      }
      return true
    }
    return actions
  }

  func action(named name: String, value: JSONValue) throws(ActionDecodingError) -> any Action {
    guard let codec = codec(named: name) else {
      throw ActionDecodingError(.unregisteredType(name, registered: names))
    }
    do {
      return try codec.decode(
        JSONValueDecoder(dateFormat: .secondsSince1970).decoder(
          for: value, at: [JSONKey(stringValue: "action")]))
    } catch {
      throw ActionDecodingError(.wrongShape(type: name, JSONValueDecoder.reason(for: error)))
    }
  }

  /// The action's registered name and its JSON; for an unregistered type, its Swift type
  /// name and `nil`.
  func encode(_ action: any Action) -> (name: String, json: JSONValue?) {
    guard let codec = codec(for: action) else {
      return (String(describing: type(of: action)), nil)
    }
    let json = try? JSONValueEncoder(dateFormat: .secondsSince1970).encode(
      at: [JSONKey(stringValue: "action")]
    ) { encoder in try codec.encode(action, encoder) }
    return (codec.name, json)
  }
}
