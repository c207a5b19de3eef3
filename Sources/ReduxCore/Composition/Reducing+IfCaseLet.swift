extension Reducing {
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
  /// ``ifLet(_:then:fileID:line:)`` (a presentation of one of several screens) or
  /// ``Reducer/lift(_:)``.
  ///
  /// The child runs first, then this reducer. The payload is changed in place (see
  /// ``EnumCase/modify(_:_:)``). A child action while the state is in another case leaves the
  /// state unchanged and is reported as a ``RuntimeWarning`` pointing at this call; this
  /// reducer still runs.
  ///
  /// ## The case owns its work
  /// With a reducer type whose output is work (ReduxCommand's `CommandReducer`), every action
  /// the case's commands send comes back wrapped in a ``ChildAction``, except a ``Dismiss``,
  /// which goes on unwrapped to the operator that holds the enum (the `ifLet` of a presentation
  /// sets it to nil, a stack's `forEach` pops its screen). The case's commands end when the
  /// state leaves the case, whichever reducer moves it.
  ///
  /// - Parameters:
  ///   - enumCase: The case whose payload `child` reduces.
  ///   - child: The reducer of the payload, of this reducer's type.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func ifCaseLet<Case: Sendable, ChildReducer: Reducing<Case, Output>>(
    _ enumCase: EnumCase<State, Case>,
    then child: ChildReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    ifCaseLet(enumCase, action: ChildAction<Case>.self, then: child, fileID: fileID, line: line)
  }

  /// Returns a reducer that runs `child` on the payload of one case of this reducer's enum
  /// state, in place, for each action of type `Wrapper` while the state is in that case, and
  /// then this reducer; see ``ifCaseLet(_:then:fileID:line:)``.
  ///
  /// Use it when two cases of the enum carry payloads of the same type, each case with its own
  /// ``ChildActionWrapper``.
  @inlinable
  public func ifCaseLet<
    Case: Sendable, ChildReducer: Reducing<Case, Output>, Wrapper: ChildActionWrapper
  >(
    _ enumCase: EnumCase<State, Case>,
    action wrapper: Wrapper.Type,
    then child: ChildReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let parent = self
    return Self { state, action in
      var childOutput = Self.noOutput
      if let wrapped = action.as(Wrapper.self),
        let output = enumCase.reduceCase(
          &state, wrapped, fileID: fileID, line: line, { child(&$0, $1) })
      {
        childOutput = Self.output(output, of: .inCase(enumCase, as: Wrapper.self))
      }
      return Self.merge(childOutput, parent(&state, action))
    }
  }
}

extension ChildFeature where Child: Sendable {
  /// The payload of `enumCase`, whose actions `Wrapper` carries; a ``Dismiss`` is not wrapped.
  @inlinable
  static func inCase<Wrapper: ChildActionWrapper>(
    _ enumCase: EnumCase<Parent, Child>, as wrapper: Wrapper.Type
  ) -> ChildFeature {
    ChildFeature(
      id: ChildFeatureID(wrapper: Wrapper.self, place: ObjectIdentifier(Child.self)),
      address: { $0.as(Dismiss.self) != nil ? $0 : Wrapper($0) },
      extract: { enumCase.extract(from: $0) })
  }
}
