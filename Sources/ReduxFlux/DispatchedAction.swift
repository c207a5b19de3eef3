import ReduxCore

/// One dispatch as a callback registered for every action sees it: the action and its result,
/// with the types erased.
///
/// Recover the typed result with ``result(of:)``:
///
/// ```swift
/// dispatcher.register { dispatched in
///   if let result = dispatched.result(of: CreateTodo.self) { log(result) }
/// }
/// ```
///
/// It is also a ReduxCore `Action`, which is how ``Dispatcher/feed(_:)`` hands Flux dispatches to a
/// ReduxCore `Store`.
public struct DispatchedAction: Action, CustomStringConvertible {
  /// The action that was dispatched.
  public let action: any FluxAction
  /// The `Result<Payload, Failure>` of the action, erased.
  @usableFromInline let erasedResult: any Sendable
  /// Whether the dispatched result is a failure.
  public let isFailure: Bool

  init<A: FluxAction>(_ action: A, result: Result<A.Payload, A.Failure>) {
    self.action = action
    erasedResult = result
    if case .failure = result { isFailure = true } else { isFailure = false }
  }

  /// The typed result when the dispatched action is of type `A`, otherwise `nil`.
  @inlinable
  public func result<A: FluxAction>(of type: A.Type) -> Result<A.Payload, A.Failure>? {
    guard action.as(A.self) != nil else { return nil }
    return erasedResult as? Result<A.Payload, A.Failure>
  }

  /// The action's type name, used in error messages.
  var actionName: String { String(describing: type(of: action)) }

  /// The action's type name and whether it succeeded, for logs.
  public var description: String { "\(actionName) (\(isFailure ? "failure" : "success"))" }
}
