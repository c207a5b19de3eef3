/// Runs a callback once per dispatch, after all of its stores have handled the action.
///
/// Use it where a view depends on several stores and should update once, with all of them
/// current:
///
/// ```swift
/// let group = try StoreGroup(stores: [todos, stats], dispatcher: dispatcher) { dispatched in
///   render(todos.state, stats.state)
/// }
/// ```
///
/// The group registers its own dispatcher callback that waits for the stores'
/// ``FluxStore/dispatchToken``s and then calls the callback, for every action. It unregisters
/// when released or on ``unregister()``. The callback runs inside the dispatch: it must not
/// dispatch; what it throws is thrown from the dispatch.
public final class StoreGroup: Sendable {
  /// The dispatcher the group is registered with.
  public let dispatcher: Dispatcher
  /// The token of the group's own callback.
  public let dispatchToken: DispatchToken

  /// Creates a group of `stores` and registers its callback with `dispatcher`.
  ///
  /// A store registered with another dispatcher makes every dispatch throw
  /// ``FluxError/unknownToken(_:)``; use the stores' own dispatcher.
  ///
  /// - Throws: ``FluxError/emptyStoreGroup`` when `stores` is empty (nothing is registered).
  public init(
    stores: [any FluxStore],
    dispatcher: Dispatcher,
    _ callback: @escaping @Sendable (_ dispatched: DispatchedAction) throws -> Void
  ) throws(FluxError) {
    guard !stores.isEmpty else { throw .emptyStoreGroup }
    let tokens = stores.map(\.dispatchToken)
    self.dispatcher = dispatcher
    // Weak: the dispatcher holds this callback, so a strong capture would keep it alive forever.
    dispatchToken = dispatcher.register { [weak dispatcher] dispatched in
      try dispatcher?.waitFor(tokens)
      try callback(dispatched)
    }
  }

  deinit { unregister() }

  /// Removes the group's callback from the dispatcher. Calling it again does nothing.
  public func unregister() {
    try? dispatcher.unregister(dispatchToken)
  }
}
