/// A description of something that happened, sent to a ``Store`` with ``Store/dispatch(_:)``.
///
/// `Action` is a marker protocol: conform a struct or an enum and give it the data the reducer
/// needs. Actions cross threads, so they are `Sendable`.
///
/// ```swift
/// struct Increment: Action { var by = 1 }
///
/// enum TodoAction: Action {
///   case add(String)
///   case complete(index: Int)
/// }
/// ```
///
/// Reducers receive `any Action` and match it with `switch`/`case let x as T`, with
/// ``Action/as(_:)``, or with the typed ``Reducing/on(_:_:)-swift.type.method`` form that hands the concrete action
/// to a closure.
public protocol Action: Sendable {}

extension Action {
  /// Returns this action as a value of type `A`, or `nil` if it is of another type.
  ///
  /// It gives the same answer as `action as? A` for structs and enums at about half the cost,
  /// because it compares the two types instead of asking the runtime for a general cast; class
  /// actions fall back to `as?` so that subclasses still match. Only a class `A` can match an
  /// action of another type, so for a struct or enum `A` (known where the call is specialized)
  /// a mismatch costs the comparison alone.
  ///
  /// ```swift
  /// if let increment = action.as(Increment.self) { state.count += increment.by }
  /// ```
  @inlinable @inline(__always)
  public func `as`<A: Action>(_ type: A.Type) -> A? {
    if Self.self == A.self { return unsafeBitCast(self, to: A.self) }
    if A.self is AnyClass, Self.self is AnyClass { return self as? A }
    return nil
  }
}
