import ReduxCore

/// The effects a saga runs: its only way to read the store, wait for actions, dispatch, call
/// functions, and start other sagas.
///
/// A saga is an `async throws` function of a context. Effects that wait (`take`, `call`,
/// `delay`, `join`, `race`, `all`) throw `CancellationError` when the saga is cancelled;
/// `put`, `select` and `fork` do not, so they also work in cleanup code after cancellation.
///
/// Every saga of one ``SagaMiddleware`` runs on one serial scheduler: a saga resumed by an
/// action runs inside that action's `dispatch`, up to its next wait.
///
/// ```swift
/// func fetchUser(_ saga: SagaContext<AppState>) async throws {
///   while true {
///     let request = try await saga.take(FetchUser.self)
///     do {
///       let user = try await saga.call("fetchUser") { try await api.user(request.id) }
///       await saga.put(UserLoaded(user: user))
///     } catch {
///       await saga.put(UserFailed(message: "\(error)"))
///     }
///   }
/// }
/// ```
public struct SagaContext<State: Sendable>: Sendable {
  let runtime: SagaRuntime<State>
  let node: SagaNode

  /// The names of the sagas from the root to this one.
  public var sagaStack: [String] { node.stack }

  /// Whether this saga was cancelled, as opposed to ending normally or being aborted by a
  /// failing fork: check it in a `catch` to tell cancellation cleanup from error handling.
  public var isCancelled: Bool {
    node.isCancelled || (Task.isCancelled && !node.isAborted)
  }

  /// Throws `CancellationError` if this saga (or the task running this code) must stop: it was
  /// cancelled, or a fork's error aborted it.
  func checkCancellation() throws {
    if Task.isCancelled || node.withState({ $0.isCancelled || $0.abort != nil }) {
      throw CancellationError()
    }
  }
}
