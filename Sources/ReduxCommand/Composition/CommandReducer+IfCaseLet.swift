import ReduxCore

extension CommandReducer {
  /// Returns a command reducer that runs `child` on the payload of one case of this reducer's
  /// enum state, in place, for each `ChildAction` of the payload's type while the state is in
  /// that case, and then this reducer; the case's commands belong to the case.
  ///
  /// ```swift
  /// enum Destination: Sendable {
  ///   case detail(Detail)
  ///   case settings(Settings)
  /// }
  ///
  /// let destination = CommandReducer<Destination>.empty
  ///   .ifCaseLet(.detail, then: detail)
  ///   .ifCaseLet(.settings, then: settings)
  /// let app = CommandReducer<App>.empty.ifLet(\.destination, then: destination)
  /// ```
  ///
  /// `.detail` is an `EnumCase` written once beside the enum. Routing, order and in-place change
  /// are those of ReduxCore's `Reducer.ifCaseLet`: the child runs first, then this reducer; a
  /// case action while the state is in another case leaves the state unchanged and is reported
  /// as a `RuntimeWarning` pointing at this call.
  ///
  /// ## The case owns its commands
  /// - Every action the case's command sends comes back wrapped in a `ChildAction`, except a
  ///   `Dismiss`, which goes on unwrapped to the operator that holds the enum: the `ifLet` of a
  ///   presentation sets it to nil, a stack's `forEach` pops its screen.
  /// - When an action moves the state out of the case, the commands started in it that are
  ///   still in flight are cancelled.
  /// - The case's cancel ids are its own (see ``forEach(_:element:fileID:line:)``).
  ///
  /// The operator sees only the actions that reach this reducer: used as a stack's destination
  /// or a presented child, that is the actions addressed to that screen, so a change of case
  /// that the enclosing parent makes directly is not seen (the enclosing operator cancels
  /// everything when the whole screen goes away).
  ///
  /// - Parameters:
  ///   - enumCase: The case whose payload `child` reduces.
  ///   - child: The command reducer of the payload.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func ifCaseLet<Case>(
    _ enumCase: EnumCase<State, Case>,
    then child: CommandReducer<Case>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> CommandReducer {
    ifCaseLet(enumCase, action: ChildAction<Case>.self, then: child, fileID: fileID, line: line)
  }

  /// Returns a command reducer that runs `child` on the payload of one case of this reducer's
  /// enum state, in place, for each action of type `Wrapper` while the state is in that case,
  /// and then this reducer; see ``ifCaseLet(_:then:fileID:line:)``.
  ///
  /// Use it when two cases of the enum carry payloads of the same type, each case with its own
  /// `ChildActionWrapper`; the case's commands send their actions wrapped in `Wrapper`.
  @inlinable
  public func ifCaseLet<Case, Wrapper: ChildActionWrapper>(
    _ enumCase: EnumCase<State, Case>,
    action wrapper: Wrapper.Type,
    then child: CommandReducer<Case>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> CommandReducer {
    let (parent, child) = (body, child.body)
    let owner = ChildKey(wrapper: Wrapper.self, place: ObjectIdentifier(Case.self))
    return CommandReducer { state, action in
      let wasInCase = enumCase.extract(from: state) != nil
      var childCommand = Command.none
      if let wrapped = action.as(Wrapper.self),
        let command = enumCase.reduceCase(&state, wrapped, fileID: fileID, line: line, child)
      {
        childCommand = command.owned(by: owner) { $0.as(Dismiss.self) != nil ? $0 : Wrapper($0) }
      }
      let parentCommand = parent(&state, action)
      let left = wasInCase && enumCase.extract(from: state) == nil
      return .merging(child: childCommand, parent: parentCommand, cancelling: left ? [owner] : [])
    }
  }
}
