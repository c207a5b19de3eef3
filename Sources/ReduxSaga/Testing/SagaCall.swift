/// A call a saga made during a ``SagaTest`` run: its name and the argument it was given.
///
/// ```swift
/// #expect(result.calls.map(\.description) == ["fetchUser(1)", "fetchUser(2)"])
/// #expect(result.arguments(of: "fetchUser", as: Int.self) == [1, 2])
/// ```
///
/// Every `call`, `cps` and each try of `retry` is recorded, stubbed or not; a call without an
/// argument (``SagaContext/call(_:_:)``) has `()` as its argument.
public struct SagaCall: Sendable, CustomStringConvertible {
  /// The call's name, as given to `call`, `cps` or `retry`.
  public let name: String
  /// The argument given with ``SagaContext/call(_:with:_:)``; `()` for the other calls.
  public let argument: any Sendable

  /// Creates a record of a call.
  public init(name: String, argument: any Sendable) {
    self.name = name
    self.argument = argument
  }

  /// The argument as an `A`, or nil if it is of another type.
  public func argument<A>(as type: A.Type) -> A? {
    argument as? A
  }

  /// The call as it reads in code: `fetchUser(1)`, or `loadAll()` without an argument.
  public var description: String {
    argument is Void ? "\(name)()" : "\(name)(\(argument))"
  }
}
