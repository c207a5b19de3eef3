extension Reducing {
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
  /// unchanged and is reported as a ``RuntimeWarning`` pointing at this call (for a dismiss or
  /// a pop: that the screen is already gone, as `ifLet` says of a child); this reducer still
  /// runs.
  ///
  /// ## A screen owns its work
  /// With a reducer type whose output is work (ReduxCommand's `CommandReducer`), every action a
  /// screen's command sends comes back as a `StackAction.element` with the screen's id (a
  /// ``Dismiss`` it sends pops the screen and those above it), and the commands of a screen end
  /// when it leaves the stack, whichever reducer pops it. A screen's cancel ids are its own.
  ///
  /// - Parameters:
  ///   - keyPath: Where the stack lives in this reducer's state.
  ///   - destination: The reducer of one screen, of this reducer's type.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func forEach<Screen: Sendable, ScreenReducer: Reducing<Screen, Output>>(
    _ keyPath: WritableKeyPath<State, StackState<Screen>> & Sendable,
    destination: ScreenReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let parent = self
    return Self { state, action in
      var screenOutput = Self.noOutput
      if let stackAction = action.as(StackAction<Screen>.self),
        let (id, output) = state[keyPath: keyPath].reduce(
          stackAction, at: keyPath, fileID: fileID, line: line, { destination(&$0, $1) })
      {
        screenOutput = Self.output(output, of: .screen(id, at: keyPath))
      }
      return Self.merge(screenOutput, parent(&state, action))
    }
  }
}

extension ChildFeature where Child: Sendable {
  /// The screen with `id` on the stack at `keyPath`.
  @inlinable
  static func screen(
    _ id: StackElementID, at keyPath: WritableKeyPath<Parent, StackState<Child>> & Sendable
  ) -> ChildFeature {
    ChildFeature(
      id: ChildFeatureID(wrapper: StackAction<Child>.self, place: keyPath).element(id),
      address: { StackAction<Child>.element(id: id, action: $0) },
      extract: { [place = ChildPlace(keyPath)] in place.read($0) { $0.element(id: id) } })
  }
}
