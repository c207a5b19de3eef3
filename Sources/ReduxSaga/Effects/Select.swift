extension SagaContext {
  /// Returns the latest committed state: the store's, or `getState`'s under
  /// ``runSaga(_:input:dispatch:getState:emitter:clock:onError:logger:monitor:context:saga:)``.
  ///
  /// The monitor sees it as ``SagaEffect/select``, `started` then `resolved`.
  public func select() -> State {
    monitoredSelect { runtime.state }
  }

  /// Returns a value read from the latest committed state; see ``select()``.
  public func select<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    monitoredSelect { runtime.state[keyPath: keyPath] }
  }

  /// Returns a value computed from the latest committed state; see ``select()``. An error the
  /// selector throws is reported to the monitor as `rejected`.
  public func select<Value>(_ selector: (State) throws -> Value) rethrows -> Value {
    try monitoredSelect { try selector(runtime.state) }
  }

  /// Reads the state, reporting the read to the monitor if there is one.
  private func monitoredSelect<Value>(_ read: () throws -> Value) rethrows -> Value {
    guard let effectID = node.effectStarted(.select) else { return try read() }
    do {
      let value = try read()
      node.effectEnded(effectID, .select, .resolved)
      return value
    } catch {
      node.effectEnded(effectID, .select, .rejected(error))
      throw error
    }
  }
}
