extension Store {
  /// Calls `onChange` with the value of `selector` now, and again each time it changes.
  ///
  /// ```swift
  /// let visibleTodos = MemoizedSelector(\AppState.todos, \.showsDone) { todos, showsDone in
  ///   showsDone ? todos : todos.filter { !$0.isDone }
  /// }
  /// let token = store.subscribe(visibleTodos) { todos in render(todos) }
  /// ```
  ///
  /// Like ``subscribe(select:_:)``, a state whose selected value equals the last one delivered
  /// is skipped. The selector is computed at most once per committed state however many
  /// subscriptions read it: the first to read a state computes it (on the thread that processed
  /// the action), the others get the value it remembered.
  ///
  /// - Parameters:
  ///   - selector: The derived value to follow.
  ///   - onChange: Called with the first value and each changed value, in commit order.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  @inlinable
  public func subscribe<Value: Equatable & Sendable>(
    _ selector: MemoizedSelector<State, Value>,
    _ onChange: @escaping @Sendable (_ value: Value) -> Void
  ) -> Subscription {
    subscribe(select: selector.select, onChange)
  }
}
