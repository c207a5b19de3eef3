/// A store that takes part in dispatches: it has a dispatch token other stores can
/// ``Dispatcher/waitFor(_:)``, and an emitter that announces its changes.
///
/// ``StoreBase`` and ``ReduceStore`` conform; ``StoreGroup`` takes any of them.
public protocol FluxStore: AnyObject, Sendable {
  /// The dispatcher the store is registered with.
  var dispatcher: Dispatcher { get }
  /// The token of the store's dispatcher callback, for ``Dispatcher/waitFor(_:)``.
  var dispatchToken: DispatchToken { get }
  /// Emits ``StoreEvent/change`` at most once per dispatch that changed the store.
  var emitter: EventEmitter<StoreEvent> { get }
}

/// What a store's emitter announces.
public enum StoreEvent: Hashable, Sendable {
  /// The store changed during the current dispatch; read its new state.
  case change
}

/// What a ``StoreBase`` handler did to its store.
public enum StoreChange: Sendable {
  /// The store's data changed: listeners hear ``StoreEvent/change`` after the store's handlers.
  case changed
  /// Nothing visible changed: no event for this handler.
  case unchanged
}

extension FluxStore {
  /// Calls `listener` after each dispatch that changed the store, on the dispatching thread.
  ///
  /// The listener runs inside the dispatch, so it may read any store but must not dispatch
  /// (that throws ``FluxError/dispatchDuringDispatch(attempted:inProgress:)``).
  ///
  /// - Returns: A token for `emitter.unlisten(_:)`.
  @discardableResult
  public func onChange(_ listener: @escaping @Sendable () -> Void) -> ListenerToken {
    emitter.listen(.change) { _ in listener() }
  }
}
