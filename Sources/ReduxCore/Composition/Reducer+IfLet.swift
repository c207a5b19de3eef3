extension Reducer {
  /// Returns a reducer that runs `child` on the optional child at `keyPath`, in place, for each
  /// ``ChildAction`` of its type while it is not nil, and then this reducer.
  ///
  /// It is also how a screen is presented: the parent sets the optional to show the child, and
  /// `ChildAction<Child>.dismiss` (or a ``Dismiss`` the child sends) sets it back to nil.
  ///
  /// ```swift
  /// struct Detail: Sendable { var title = "" }
  /// struct App: Sendable { var detail: Detail? }
  /// struct ShowDetail: Action {}
  ///
  /// let app = Reducer<App>.on(ShowDetail.self) { state, _ in state.detail = Detail() }
  ///   .ifLet(\.detail, then: detail)
  ///
  /// store.dispatch(ShowDetail())
  /// store.dispatch(ChildAction<Detail>(Rename(title: "Milk")))
  /// store.dispatch(ChildAction<Detail>.dismiss)
  /// ```
  ///
  /// The child runs first, then this reducer, which sees the ``ChildAction`` too. A dismiss
  /// does not reach the child's reducer: the optional is nil when this reducer runs, and a
  /// dismiss while it is already nil changes nothing.
  ///
  /// Any other child action while the optional is nil leaves the state unchanged and is
  /// reported as a ``RuntimeWarning`` pointing at this call; this reducer still runs.
  ///
  /// - Parameters:
  ///   - keyPath: Where the optional child lives in this reducer's state.
  ///   - child: The child's reducer.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func ifLet<Child>(
    _ keyPath: WritableKeyPath<State, Child?> & Sendable,
    then child: Reducer<Child>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reducer {
    ifLet(keyPath, action: ChildAction<Child>.self, then: child, fileID: fileID, line: line)
  }

  /// Returns a reducer that runs `child` on the optional child at `keyPath`, in place, for each
  /// action of type `Wrapper` while it is not nil, and then this reducer; see
  /// ``ifLet(_:then:fileID:line:)``.
  ///
  /// Use it when one state holds two optional children of the same type, each with its own
  /// ``ChildActionWrapper``.
  @inlinable
  public func ifLet<Child, Wrapper: ChildActionWrapper>(
    _ keyPath: WritableKeyPath<State, Child?> & Sendable,
    action wrapper: Wrapper.Type,
    then child: Reducer<Child>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reducer {
    let child = child.body
    return Reducer.on(Wrapper.self) { state, wrapped in
      state[keyPath: keyPath].reduceChild(wrapped, at: keyPath, fileID: fileID, line: line, child)
    }
    .combined(with: self)
  }
}
