import ReduxSeam

extension MiddlewareContext {
  /// The store's work ledger, where a module records the work an action starts
  /// (``WorkLedger/beginWork(origin:_:)``), so that a `send` of that origin (or a test probe)
  /// can await it, lists what it waits for (``WorkLedger/reportWaits(_:)``), and names the
  /// origin of the action being processed (``WorkLedger/processingOrigin``).
  @inlinable
  package var workLedger: WorkLedger { engine.ledger }

  /// Dispatches an action through the whole chain on behalf of `origin`, and tells `listener`
  /// once the chain has returned for it.
  ///
  /// The listener is told on the thread that processed the action, right after the action
  /// went through the middleware and the reducer (or was dropped by a middleware), before any
  /// action queued after it; at once if the store was released. A tracked action counts as
  /// in-flight work of its origin until it has been processed.
  ///
  /// Inlinable, like `Store.dispatch`: called from code specialized for State (a module's
  /// `@inlinable` middleware), the whole tracked path is specialized too and asks the runtime
  /// for no generic metadata (ModuleProfile's `saga-sync`).
  @inlinable
  package func dispatch(
    _ action: any Action, origin: ActionOrigin, listener: (any ActionProcessedListener)? = nil
  ) {
    guard let store = liveStore else {
      listener?.actionProcessed()
      return
    }
    store.dispatch(
      TrackedAction(action: action, origin: origin, isSent: false, listener: listener))
  }

  /// The store, unless it has been released.
  /// Dispatches an action that is its own ``TrackedDispatch`` (it carries its origin, and is
  /// told once it has been processed), as ``dispatch(_:origin:listener:)`` does.
  @inlinable
  package func dispatch(_ tracked: any TrackedDispatch) {
    guard let store = liveStore else {
      tracked.actionProcessed()
      return
    }
    store.dispatch(tracked)
  }

  @usableFromInline
  var liveStore: Store<State>? { store.value }
}
