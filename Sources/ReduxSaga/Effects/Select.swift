extension SagaContext {
  /// Returns the store's latest committed state (with ``runSaga``, `getState`'s).
  public func select() -> State {
    runtime.state
  }

  /// Returns a value read from the store's latest committed state (with ``runSaga``, `getState`'s).
  public func select<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    runtime.state[keyPath: keyPath]
  }

  /// Returns a value computed from the store's latest committed state (with ``runSaga``, `getState`'s).
  public func select<Value>(_ selector: (State) throws -> Value) rethrows -> Value {
    try selector(runtime.state)
  }
}
