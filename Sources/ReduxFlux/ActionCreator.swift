/// Starts actions on the dispatcher it was created with: the injected replacement for the
/// global dispatcher of older Flux ports.
///
/// ```swift
/// let creator = ActionCreator(dispatcher: dispatcher)
/// try await creator.invoke(CreateTodo(title: "Milk"))
/// ```
///
/// In tests, create it with a fresh ``Dispatcher`` and register the callbacks you want to
/// observe.
public struct ActionCreator: Sendable {
  /// The dispatcher that actions are invoked on.
  public let dispatcher: Dispatcher

  /// Creates an action creator bound to `dispatcher`.
  public init(dispatcher: Dispatcher) {
    self.dispatcher = dispatcher
  }

  /// Runs the action's ``FluxAction/invoke(_:)`` with this creator's dispatcher, and returns
  /// when it has finished and dispatched.
  ///
  /// - Throws: What the action's dispatches throw (see ``Dispatcher/dispatch(_:result:)``).
  public func invoke<A: FluxAction>(_ action: A) async throws(FluxError) {
    try await action.invoke(dispatcher)
  }
}
