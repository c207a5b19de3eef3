extension Reducing {
  /// A reducer that leaves every state unchanged and returns ``noOutput``.
  @inlinable
  public static var empty: Self { Self { _, _ in noOutput } }

  /// Runs several reducers one after the other on the same state, in the order given, and
  /// merges their outputs in that order (``merge(_:_:)``).
  ///
  /// ```swift
  /// let app = Reducer.combine(counterReducer, historyReducer)
  /// ```
  @inlinable
  public static func combine(_ reducers: Self...) -> Self {
    combine(reducers)
  }

  /// Runs an array of reducers one after the other on the same state, in array order, and
  /// merges their outputs in that order.
  @inlinable
  public static func combine(_ reducers: [Self]) -> Self {
    switch reducers.count {
    case 0: return .empty
    case 1: return reducers[0]
    default:
      // Pairs, folded left: each closure calls the two reducers its context holds, which keeps
      // them alive; a loop over an array would retain and release each one around its call
      // (CoreProfile's `dispatch`, whose reducer is built with `on`).
      return reducers.dropFirst().reduce(reducers[0]) { first, second in
        Self { state, action in
          let firstOutput = first(&state, action)
          return merge(firstOutput, second(&state, action))
        }
      }
    }
  }

  /// Returns a reducer that runs this reducer and then `other`.
  @inlinable
  public func combined(with other: Self) -> Self {
    .combine(self, other)
  }

  /// Creates a reducer that handles only actions of type `A`, handing the closure the concrete
  /// action; every other action leaves the state unchanged and returns ``noOutput``.
  ///
  /// ```swift
  /// let counter = Reducer<Int>.on(Increment.self) { count, increment in count += increment.by }
  /// ```
  @inlinable
  public static func on<A: Action>(
    _ type: A.Type,
    _ handle: @escaping @Sendable (_ state: inout State, _ action: A) -> Output
  ) -> Self {
    Self { state, action in
      guard let action = action.as(A.self) else { return noOutput }
      return handle(&state, action)
    }
  }

  /// Returns a reducer that runs this reducer and then, for actions of type `A`, `handle`.
  ///
  /// Chain it to handle several action types in one reducer:
  ///
  /// ```swift
  /// let counter = Reducer<Int>
  ///   .on(Increment.self) { count, action in count += action.by }
  ///   .on(Reset.self) { count, _ in count = 0 }
  /// ```
  @inlinable
  public func on<A: Action>(
    _ type: A.Type,
    _ handle: @escaping @Sendable (_ state: inout State, _ action: A) -> Output
  ) -> Self {
    combined(with: .on(type, handle))
  }
}
