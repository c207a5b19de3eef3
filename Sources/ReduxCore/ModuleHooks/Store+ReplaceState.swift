// What ReduxDevTools needs from the core, and nothing else: `replaceState` and
// `replaceReducer`. Time travel changes the committed state directly, without an action, so
// that no middleware sees anything (sagas, effects and commands are not re-run), yet in order
// with the store's other work and with subscribers notified as for an action. It goes through
// the store's queue like a dispatch: on an idle store it has happened when the call returns; on
// a busy one it runs after the work queued before it.

extension MiddlewareContext {
  /// Changes the committed state with `change`, bypassing the middleware and the reducer, then
  /// notifies subscribers; queued after the work already accepted if the store is busy.
  ///
  /// `change` runs under the store's lock, as a reducer does, and its runtime warnings go to the
  /// store's handler as the reducer's do: keep it short and never touch
  /// the store from it. After the store is released it does nothing.
  package func replaceState(_ change: @escaping @Sendable (inout State) -> Void) {
    guard let store = store.value else { return }
    store.engine.submit(.replaceState(change), through: store.chain)
  }

  /// Replaces the store's reducer, as ``Store/replaceReducer(_:)`` does, for a middleware that
  /// re-reduces a history with the same reducer as the store (DevTools). After the store is
  /// released it does nothing.
  package func replaceReducer(_ reducer: Reducer<State>) {
    store.value?.replaceReducer(reducer)
  }
}
