import ReduxCore

extension CommandReducer {
  /// Returns a command reducer that runs `child` on the optional child at `keyPath`, in place,
  /// for each `ChildAction` of its type while it is not nil, and then this reducer; the child's
  /// commands belong to the child.
  ///
  /// It is how a screen is presented: the parent sets the optional, and dismissing sets it back
  /// to nil: `ChildAction<Child>.dismiss` from the parent, or a `Dismiss` sent by the child's own
  /// command.
  ///
  /// ```swift
  /// struct Detail: Sendable { var title = "" }
  /// struct App: Sendable { var detail: Detail? }
  /// struct Save: Action {}
  ///
  /// let detail = CommandReducer<Detail>.on(Save.self) { detail, _ in
  ///   let title = detail.title
  ///   return .run { send in
  ///     await api.save(title)
  ///     send(Dismiss())  // comes back as ChildAction<Detail>(Dismiss()): the detail closes
  ///   }
  /// }
  /// let app = CommandReducer<App>.empty.ifLet(\.detail, then: detail)
  /// ```
  ///
  /// Routing, order and dismissal are those of ReduxCore's `Reducer.ifLet`: the child runs
  /// first, then this reducer; a child action while the optional is nil leaves the state
  /// unchanged and is reported as a `RuntimeWarning` pointing at this call.
  ///
  /// ## The child owns its commands
  /// - Every action the child's command sends comes back wrapped in a `ChildAction`.
  /// - When an action sets the optional to nil (a dismiss, or any reducer), the commands the
  ///   child started that are still in flight are cancelled.
  /// - The child's cancel ids are its own (see ``forEach(_:element:fileID:line:)``).
  ///
  /// Setting the optional from one child straight to another, without nil between, keeps the
  /// first child's commands running, and what they send reaches the second; go through nil
  /// (dismiss, then present) to end them.
  ///
  /// - Parameters:
  ///   - keyPath: Where the optional child lives in this reducer's state.
  ///   - child: The child's command reducer.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func ifLet<Child>(
    _ keyPath: WritableKeyPath<State, Child?> & Sendable,
    then child: CommandReducer<Child>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> CommandReducer {
    ifLet(keyPath, action: ChildAction<Child>.self, then: child, fileID: fileID, line: line)
  }

  /// Returns a command reducer that runs `child` on the optional child at `keyPath`, in place,
  /// for each action of type `Wrapper` while it is not nil, and then this reducer; see
  /// ``ifLet(_:then:fileID:line:)``.
  ///
  /// Use it when one state holds two optional children of the same type, each with its own
  /// `ChildActionWrapper`; the child's commands send their actions wrapped in `Wrapper`.
  @inlinable
  public func ifLet<Child, Wrapper: ChildActionWrapper>(
    _ keyPath: WritableKeyPath<State, Child?> & Sendable,
    action wrapper: Wrapper.Type,
    then child: CommandReducer<Child>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> CommandReducer {
    let (parent, child) = (body, child.body)
    let owner = ChildKey(wrapper: Wrapper.self, place: keyPath)
    return CommandReducer { state, action in
      let wasPresent = state[keyPath: keyPath] != nil
      var childCommand = Command.none
      if let wrapped = action.as(Wrapper.self),
        let command = state[keyPath: keyPath].reduceChild(
          wrapped, at: keyPath, fileID: fileID, line: line, child)
      {
        childCommand = command.owned(by: owner) { Wrapper($0) }
      }
      let parentCommand = parent(&state, action)
      let dismissed = wasPresent && state[keyPath: keyPath] == nil
      return .merging(
        child: childCommand, parent: parentCommand, cancelling: dismissed ? [owner] : [])
    }
  }
}
