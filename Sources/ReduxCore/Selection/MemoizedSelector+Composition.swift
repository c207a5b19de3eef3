// Selectors as the inputs of selectors. Each forwards to the initializer that takes functions:
// an input selector is read first (computed or recalled), then its value is compared with `==`,
// so when it recalls its last value the selector built on it recalls its own.

extension MemoizedSelector {
  /// A selector of a value computed from another selector's value.
  ///
  /// ```swift
  /// let visibleCount = MemoizedSelector(visibleTodos) { $0.count }
  /// ```
  ///
  /// - Parameters:
  ///   - input: The selector whose value is the input.
  ///   - projector: Computes the value from the input.
  @inlinable
  public convenience init<A: Equatable & Sendable>(
    _ input: MemoizedSelector<State, A>, projector: @escaping @Sendable (A) -> Value
  ) {
    self.init(input.select, projector: projector)
  }

  /// A selector of a value computed from two selectors' values.
  ///
  /// - Parameters:
  ///   - a: The selector of the first input.
  ///   - b: The selector of the second input.
  ///   - projector: Computes the value from the inputs.
  @inlinable
  public convenience init<A: Equatable & Sendable, B: Equatable & Sendable>(
    _ a: MemoizedSelector<State, A>, _ b: MemoizedSelector<State, B>,
    projector: @escaping @Sendable (A, B) -> Value
  ) {
    self.init(a.select, b.select, projector: projector)
  }

  /// A selector of a value computed from three selectors' values.
  ///
  /// - Parameters:
  ///   - a: The selector of the first input.
  ///   - b: The selector of the second input.
  ///   - c: The selector of the third input.
  ///   - projector: Computes the value from the inputs.
  @inlinable
  public convenience init<
    A: Equatable & Sendable, B: Equatable & Sendable, C: Equatable & Sendable
  >(
    _ a: MemoizedSelector<State, A>, _ b: MemoizedSelector<State, B>,
    _ c: MemoizedSelector<State, C>, projector: @escaping @Sendable (A, B, C) -> Value
  ) {
    self.init(a.select, b.select, c.select, projector: projector)
  }

  /// A selector of a value computed from four selectors' values.
  ///
  /// - Parameters:
  ///   - a: The selector of the first input.
  ///   - b: The selector of the second input.
  ///   - c: The selector of the third input.
  ///   - d: The selector of the fourth input.
  ///   - projector: Computes the value from the inputs.
  @inlinable
  public convenience init<
    A: Equatable & Sendable, B: Equatable & Sendable, C: Equatable & Sendable,
    D: Equatable & Sendable
  >(
    _ a: MemoizedSelector<State, A>, _ b: MemoizedSelector<State, B>,
    _ c: MemoizedSelector<State, C>, _ d: MemoizedSelector<State, D>,
    projector: @escaping @Sendable (A, B, C, D) -> Value
  ) {
    self.init(a.select, b.select, c.select, d.select, projector: projector)
  }
}
