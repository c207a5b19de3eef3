import ReduxCore

extension Middleware {
  /// A middleware that records each action reaching it, then passes it on unchanged.
  ///
  /// Place it after the middleware under test to see what that middleware let through (and in
  /// what order); place it first to see everything dispatched, follow-up actions included:
  ///
  /// ```swift
  /// let reached = Recorder<any Action>()
  /// let store = Store(
  ///   initialState: Cart(), reducer: cartReducer,
  ///   middleware: [rejectNegativePrices, .recording(into: reached)]
  /// )
  /// store.dispatch(AddItem(name: "refund", price: -5))
  /// #expect(reached.values.isEmpty)
  /// ```
  ///
  /// - Parameter recorder: Receives each action, on the thread that processes it.
  public static func recording(into recorder: Recorder<any Action>) -> Middleware {
    Middleware { _, action, next in
      recorder.append(action)
      next(action)
    }
  }
}
