/// The id of a screen on a ``StackState``: given when the screen is pushed, never reused by that
/// stack, and kept while the screen stays on it.
///
/// Ids grow in push order, so a screen higher on the stack always has a greater id.
public struct StackElementID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The id's number: 0 for a stack's first push, then 1, 2, ...
  public let rawValue: Int

  /// The id with the number `rawValue`; a stack gives these out, tests may build them.
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Compares push order: the earlier pushed screen's id is less.
  public static func < (lhs: StackElementID, rhs: StackElementID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `#` and the number, such as `#3`.
  public var description: String { "#\(rawValue)" }
}
