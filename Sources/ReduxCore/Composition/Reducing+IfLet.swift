extension Reducing {
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
  /// does not reach the child's reducer: this reducer runs first and still finds the child (to
  /// copy a draft back, as in TCA), then the optional is set to nil, unless this reducer
  /// removed the child itself or presented another (an `Identifiable` child with another id).
  ///
  /// A child action while the optional is nil leaves the state unchanged and is reported as a
  /// ``RuntimeWarning`` pointing at this call (for a dismiss: that the child is already gone, as
  /// the stack's `forEach` says of a screen); this reducer still runs.
  ///
  /// ## The child owns its work
  /// With a reducer type whose output is work (ReduxCommand's `CommandReducer`), the child's
  /// output belongs to the child (``output(_:of:)``): every action its commands send comes back
  /// wrapped in a ``ChildAction``, and its commands end when the child goes — set to nil by any
  /// reducer, or replaced by a child of another identity (an `Identifiable` child with another
  /// id; a child that is not `Identifiable` cannot be told from its successor, so go through
  /// nil to end its work).
  ///
  /// - Parameters:
  ///   - keyPath: Where the optional child lives in this reducer's state.
  ///   - child: The child's reducer, of this reducer's type.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func ifLet<Child: Sendable, ChildReducer: Reducing<Child, Output>>(
    _ keyPath: WritableKeyPath<State, Child?> & Sendable,
    then child: ChildReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    ifLet(keyPath, action: ChildAction<Child>.self, then: child, fileID: fileID, line: line)
  }

  /// Returns a reducer that runs `child` on the optional child at `keyPath`, in place, for each
  /// action of type `Wrapper` while it is not nil, and then this reducer; see
  /// ``ifLet(_:then:fileID:line:)``.
  ///
  /// Use it when one state holds two optional children of the same type, each with its own
  /// ``ChildActionWrapper``; the child's work sends its actions wrapped in `Wrapper`.
  @inlinable
  public func ifLet<
    Child: Sendable, ChildReducer: Reducing<Child, Output>, Wrapper: ChildActionWrapper
  >(
    _ keyPath: WritableKeyPath<State, Child?> & Sendable,
    action wrapper: Wrapper.Type,
    then child: ChildReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let parent = self
    return Self { state, action in
      guard let wrapped = action.as(Wrapper.self) else { return parent(&state, action) }
      if wrapped.action.as(Dismiss.self) != nil {
        // As in TCA: the parent sees the child's last state (to copy a draft back), then the
        // child goes.
        let presented = state[keyPath: keyPath]
        let parentOutput = parent(&state, action)
        state[keyPath: keyPath].dismiss(
          presented, by: wrapped, at: keyPath, fileID: fileID, line: line)
        return parentOutput
      }
      var childOutput = Self.noOutput
      if let output = state[keyPath: keyPath].reduceChild(
        wrapped, at: keyPath, fileID: fileID, line: line, { child(&$0, $1) })
      {
        childOutput = Self.output(
          output, of: .presented(at: keyPath, as: Wrapper.self, child: state[keyPath: keyPath]))
      }
      return Self.merge(childOutput, parent(&state, action))
    }
  }
}

extension ChildFeature where Child: Sendable {
  /// The optional child at `keyPath`, presented as `child`, whose actions `Wrapper` carries.
  @inlinable
  static func presented<Wrapper: ChildActionWrapper>(
    at keyPath: WritableKeyPath<Parent, Child?> & Sendable, as wrapper: Wrapper.Type,
    child: Child?
  ) -> ChildFeature {
    let identity = child.flatMap { PresentedIdentity(of: $0) }
    return ChildFeature(
      id: ChildFeatureID(wrapper: Wrapper.self, place: keyPath),
      address: { Wrapper($0) },
      extract: { parent in
        guard let child = parent[keyPath: keyPath] else { return nil }
        if let identity, !identity.matches(child) { return nil }
        return child
      })
  }
}
