extension SagaContext {
  /// Returns the store's latest committed state.
  public func select() -> State {
    runtime.context.state
  }

  /// Returns a value read from the store's latest committed state.
  public func select<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    runtime.context.state[keyPath: keyPath]
  }

  /// Returns a value computed from the store's latest committed state.
  public func select<Value>(_ selector: (State) throws -> Value) rethrows -> Value {
    try selector(runtime.context.state)
  }
}
