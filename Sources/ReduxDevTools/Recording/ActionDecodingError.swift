/// Why an action could not be made from JSON: its type name is not registered, or the JSON is
/// not valid or does not fit the type.
///
/// The live inspector shows its ``description`` when an action dispatched from the page cannot
/// be decoded; nothing is dispatched then.
public struct ActionDecodingError: Error, Equatable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Equatable {
    /// No action type is registered under the name; `registered` lists the names that are.
    case unregisteredType(String, registered: [String])
    /// The text is not valid JSON.
    case malformedJSON(String)
    /// The JSON does not decode as the named type.
    case wrongShape(type: String, String)
  }

  /// The 1-based line of a JSON Lines input, when the error is about one.
  public var line: Int?
  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  public init(line: Int? = nil, _ reason: Reason) {
    self.line = line
    self.reason = reason
  }

  /// A sentence that says what is wrong and what to do.
  public var description: String {
    let prefix = line.map { "line \($0): " } ?? ""
    switch reason {
    case .unregisteredType(let name, let registered):
      let known = registered.isEmpty ? "none" : registered.joined(separator: ", ")
      return prefix + "no action type is registered as \"\(name)\" (registered: \(known)); "
        + "register it in the ActionRegistry given to the inspector"
    case .malformedJSON(let detail):
      return prefix + "not valid JSON: \(detail)"
    case .wrongShape(let type, let detail):
      return prefix + "not a \(type): \(detail)"
    }
  }
}
