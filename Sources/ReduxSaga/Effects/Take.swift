import ReduxCore

extension SagaContext {
  // `take(_:)` and `takeMaybe(_:)` are inlinable: specialized for `A` in the saga's module,
  // matching and unwrapping the action need no generic metadata (`saga-sync`).

  /// Waits for the next action of type `A` that the store reduces, and returns it.
  ///
  /// The saga is registered from the moment `take` is called until the action arrives. A saga
  /// resumed by an action runs inside that action's dispatch up to its next wait, so a
  /// `while true { take; put }` loop sees every action, even dispatched back to back. An action
  /// reduced while the saga waits on something else (a `call`, a `delay`) is not seen, as in
  /// redux-saga; use ``actionChannel(_:buffer:)`` to queue actions instead.
  ///
  /// - Throws: `CancellationError` if the saga is cancelled while waiting;
  ///   ``ChannelError/closed`` after ``END``, which ends the saga quietly unless caught.
  @inlinable
  nonisolated(nonsending) public func take<A: Action>(_ type: A.Type) async throws -> A {
    guard
      let action = try await awaitAction(.take(String(describing: A.self)), .of(A.self))?.as(
        A.self)
    else { throw ChannelError.closed }
    return action
  }

  /// Waits for the next action that satisfies `predicate`, and returns it.
  ///
  /// `predicate` runs on the thread that dispatches, under the runtime's lock: keep it pure
  /// and fast, and do not dispatch from it. `description` names the take in monitor events
  /// (``SagaEffect/take(_:)``), so a test can wait until the saga is blocked on this one:
  ///
  /// ```swift
  /// let ping = try await saga.take("even ping") { ($0 as? Ping)?.id.isMultiple(of: 2) == true }
  /// ```
  ///
  /// - Throws: `CancellationError` when cancelled; ``ChannelError/closed`` after ``END``.
  nonisolated(nonsending) public func take(
    _ description: String = "where", where predicate: @escaping @Sendable (any Action) -> Bool
  ) async throws -> any Action {
    let action = try await awaitAction(.take(description), .predicate(description, predicate))
    guard let action else { throw ChannelError.closed }
    return action
  }

  /// Waits for the next action of type `A`, or returns `nil` once ``END`` is dispatched.
  ///
  /// Unlike ``take(_:)`` it lets the saga go on after END, for instance to clean up.
  @inlinable
  nonisolated(nonsending) public func takeMaybe<A: Action>(_ type: A.Type) async throws -> A? {
    try await awaitAction(.takeMaybe(String(describing: A.self)), .of(A.self))?.as(A.self)
  }
}
