extension Reducer {
  /// Returns a reducer that runs a navigation stack at `keyPath`: it carries out each
  /// ``StackAction`` of its screen type (push, pop, pop to) and runs `destination` on the
  /// screen an `element` action addresses, in place, and then this reducer.
  ///
  /// ```swift
  /// enum Screen: Sendable {
  ///   case list(List)
  ///   case detail(Detail)
  /// }
  /// struct App: Sendable { var path = StackState<Screen>() }
  ///
  /// let screen = Reducer<Screen>.empty
  ///   .ifCaseLet(.list, then: list)
  ///   .ifCaseLet(.detail, then: detail)
  /// let app = Reducer<App>.empty.forEach(\.path, destination: screen)
  ///
  /// store.dispatch(StackAction<Screen>.push(.detail(Detail())))
  /// store.dispatch(StackAction<Screen>.element(id: id, action: ChildAction<Detail>(Save())))
  /// store.dispatch(StackAction<Screen>.popFrom(id: id))
  /// ```
  ///
  /// The stack's part runs first, then this reducer, which sees the ``StackAction`` too and may
  /// push or pop itself. An `element` action carrying a ``Dismiss`` pops from that screen. An
  /// `element`, `popFrom` or `popTo` action for an id that is not on the stack leaves the state
  /// unchanged and is reported as a ``RuntimeWarning`` pointing at this call (a dismiss for it
  /// changes nothing); this reducer still runs.
  ///
  /// - Parameters:
  ///   - keyPath: Where the stack lives in this reducer's state.
  ///   - destination: The reducer of one screen.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func forEach<Screen: Sendable>(
    _ keyPath: WritableKeyPath<State, StackState<Screen>> & Sendable,
    destination: Reducer<Screen>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reducer {
    let child = destination.body
    return Reducer.on(StackAction<Screen>.self) { state, stackAction in
      state[keyPath: keyPath].reduce(stackAction, at: keyPath, fileID: fileID, line: line, child)
    }
    .combined(with: self)
  }
}
