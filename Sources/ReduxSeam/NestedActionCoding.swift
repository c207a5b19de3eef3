// The composition wrappers (ReduxCore's ChildAction, ElementAction, StackAction, AlertState's
// buttons) carry `any Action`, which only a registry of action types can write and read back.
// ReduxDevTools' ActionRegistry puts itself in the coder's `userInfo` under this key; the
// wrappers' Codable conformances find it there. Neither module imports the other.

/// Writes and reads an action of any registered type, by its registered name.
package protocol NestedActionCoding: Sendable {
  /// Writes `action` (an `any Action`) as `{"type": name, "action": payload}`.
  func encodeNested(_ action: Any, to encoder: any Encoder) throws
  /// Reads what ``encodeNested(_:to:)`` wrote; the result is an `any Action`.
  func decodeNested(from decoder: any Decoder) throws -> Any
}

/// The `userInfo` key under which a coder holds its ``NestedActionCoding``.
package let nestedActionCodingKey = CodingUserInfoKey(rawValue: "swift-redux.nestedActionCoding")!
