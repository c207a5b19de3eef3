import ReduxCore

/// An action that reaches Flux stores with a typed result: its ``Payload`` on success, or a
/// ``Failure`` when the work behind it failed.
///
/// The action value says *what* happened; the dispatched `Result` carries the data. An action
/// does its own work in ``invoke(_:)`` and dispatches the outcome, so one type covers both
/// success and failure:
///
/// ```swift
/// struct CreateTodo: FluxAction {
///   typealias Payload = Todo
///   let title: String
///
///   func invoke(_ dispatcher: Dispatcher) async throws(FluxError) {
///     if title.isEmpty {
///       try dispatcher.dispatch(self, result: .failure(TodoError.emptyTitle))
///     } else {
///       try dispatcher.dispatch(self, result: .success(Todo(title: title)))
///     }
///   }
/// }
/// ```
public protocol FluxAction: Action {
  /// The data stores receive when the action succeeds.
  associatedtype Payload: Sendable
  /// The error stores receive when the action fails.
  associatedtype Failure: Error = any Error

  /// Does the action's work and dispatches its result to `dispatcher`.
  ///
  /// It may suspend (call a server, read a file) before dispatching; it may dispatch more than
  /// once (for example "started", then the outcome). It throws what ``Dispatcher/dispatch(_:result:)``
  /// throws, for instance when it is called from inside a dispatcher callback.
  func invoke(_ dispatcher: Dispatcher) async throws(FluxError)
}
