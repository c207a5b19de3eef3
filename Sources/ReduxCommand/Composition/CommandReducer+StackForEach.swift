import ReduxCore

extension CommandReducer {
  /// Returns a command reducer that runs a navigation stack at `keyPath`: it carries out each
  /// `StackAction` of its screen type (push, pop, pop to) and runs `destination` on the screen
  /// an `element` action addresses, in place, and then this reducer; each screen's commands
  /// belong to the screen.
  ///
  /// ```swift
  /// enum Screen: Sendable {
  ///   case list(List)
  ///   case detail(Detail)
  /// }
  /// struct App: Sendable { var path = StackState<Screen>() }
  ///
  /// let screen = CommandReducer<Screen>.empty
  ///   .ifCaseLet(.list, then: list)
  ///   .ifCaseLet(.detail, then: detail)
  /// let app = CommandReducer<App>.empty.forEach(\.path, destination: screen)
  /// ```
  ///
  /// Routing and order are those of ReduxCore's `Reducer.forEach(_:destination:fileID:line:)`:
  /// the stack's part runs first, then this reducer; an `element` action carrying a `Dismiss`
  /// pops from that screen; an action for an id not on the stack leaves the state unchanged and
  /// is reported as a `RuntimeWarning` pointing at this call.
  ///
  /// ## A screen owns its commands
  /// - Every action a screen's command sends comes back as a `StackAction.element` with the
  ///   screen's id; a `Dismiss` it sends pops the screen (and the screens above it).
  /// - When an action pops a screen (a pop action, a dismiss, or any reducer that changes the
  ///   stack), the commands of every popped screen that are still in flight are cancelled.
  /// - A screen's cancel ids are its own (see ``forEach(_:element:fileID:line:)``).
  ///
  /// Finding popped screens compares the stack's ids before and after each action: O(1) while
  /// no screen is pushed or popped.
  ///
  /// - Parameters:
  ///   - keyPath: Where the stack lives in this reducer's state.
  ///   - destination: The command reducer of one screen.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func forEach<Screen: Sendable>(
    _ keyPath: WritableKeyPath<State, StackState<Screen>> & Sendable,
    destination: CommandReducer<Screen>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> CommandReducer {
    let (parent, child) = (body, destination.body)
    let owner = ChildKey(wrapper: StackAction<Screen>.self, place: keyPath)
    return CommandReducer { state, action in
      let idsBefore = state[keyPath: keyPath].ids
      var childCommand = Command.none
      if let stackAction = action.as(StackAction<Screen>.self),
        let (id, command) = state[keyPath: keyPath].reduce(
          stackAction, at: keyPath, fileID: fileID, line: line, child)
      {
        childCommand = command.owned(by: owner.element(id)) {
          StackAction<Screen>.element(id: id, action: $0)
        }
      }
      let parentCommand = parent(&state, action)
      let removed = state[keyPath: keyPath].removedIDs(since: idsBefore)
      return .merging(
        child: childCommand, parent: parentCommand, cancelling: removed.map(owner.element))
    }
  }
}
