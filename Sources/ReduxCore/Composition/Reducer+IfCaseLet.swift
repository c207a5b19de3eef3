extension Reducer {
  /// Returns a reducer that runs `child` on the payload of one case of this reducer's enum
  /// state, in place, for each ``ChildAction`` of the payload's type while the state is in that
  /// case, and then this reducer.
  ///
  /// ```swift
  /// enum Destination: Sendable {
  ///   case detail(Detail)
  ///   case settings(Settings)
  /// }
  ///
  /// let destination = Reducer<Destination>.empty
  ///   .ifCaseLet(.detail, then: detail)
  ///   .ifCaseLet(.settings, then: settings)
  ///
  /// store.dispatch(ChildAction<Detail>(Rename(title: "Milk")))
  /// ```
  ///
  /// `.detail` is an ``EnumCase`` written once beside the enum. Put the enum in a parent with
  /// ``ifLet(_:then:fileID:line:)`` (a presentation of one of several screens) or ``lift(_:)``.
  ///
  /// The child runs first, then this reducer. The payload is changed in place (see
  /// ``EnumCase/modify(_:_:)``). A child action while the state is in another case leaves the
  /// state unchanged and is reported as a ``RuntimeWarning`` pointing at this call; this
  /// reducer still runs.
  ///
  /// - Parameters:
  ///   - enumCase: The case whose payload `child` reduces.
  ///   - child: The reducer of the payload.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func ifCaseLet<Case>(
    _ enumCase: EnumCase<State, Case>,
    then child: Reducer<Case>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reducer {
    ifCaseLet(enumCase, action: ChildAction<Case>.self, then: child, fileID: fileID, line: line)
  }

  /// Returns a reducer that runs `child` on the payload of one case of this reducer's enum
  /// state, in place, for each action of type `Wrapper` while the state is in that case, and
  /// then this reducer; see ``ifCaseLet(_:then:fileID:line:)``.
  ///
  /// Use it when two cases of the enum carry payloads of the same type, each case with its own
  /// ``ChildActionWrapper``.
  @inlinable
  public func ifCaseLet<Case, Wrapper: ChildActionWrapper>(
    _ enumCase: EnumCase<State, Case>,
    action wrapper: Wrapper.Type,
    then child: Reducer<Case>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reducer {
    let child = child.body
    return Reducer.on(Wrapper.self) { state, wrapped in
      enumCase.reduceCase(&state, wrapped, fileID: fileID, line: line, child)
    }
    .combined(with: self)
  }
}
