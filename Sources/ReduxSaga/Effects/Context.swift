extension SagaContext {
  /// Sets values in this saga's context (redux-saga's `setContext`), merged into what it
  /// already holds; a value for an existing key replaces it.
  ///
  /// A fork, spawn or called saga starts with a copy of its parent's context as of the moment
  /// it starts: later changes in either do not reach the other.
  ///
  /// ```swift
  /// saga.setContext(["api": api, "userID": 42])
  /// let api = saga.getContext("api", as: UserAPI.self)
  /// ```
  public func setContext(_ values: [String: any Sendable]) {
    node.withState { $0.context.merge(values) { _, new in new } }
  }

  /// Reads a value of this saga's context (redux-saga's `getContext`).
  ///
  /// - Returns: The value set for `key` by this saga or, before it started, by its ancestors;
  ///   nil if there is none or it is not a `Value`.
  public func getContext<Value: Sendable>(_ key: String, as type: Value.Type = Value.self)
    -> Value?
  {
    node.withState { $0.context[key] } as? Value
  }
}
