import ReduxCore

extension CommandReducer {
  /// Returns a command reducer that runs `element` on the element of the collection at `keyPath`
  /// that an `ElementAction` addresses, in place, and then this reducer; the element's commands
  /// belong to the element.
  ///
  /// ```swift
  /// struct Todo: Identifiable, Sendable { let id: Int; var isSaving = false }
  /// struct Todos: Sendable { var items: [Todo] = [] }
  /// struct Save: Action {}
  /// struct Saved: Action {}
  ///
  /// let todo = CommandReducer<Todo>
  ///   .on(Save.self) { todo, _ in
  ///     todo.isSaving = true
  ///     return .run { send in
  ///       await api.save()
  ///       send(Saved())  // comes back as ElementAction<Todo>(id: todo.id, action: Saved())
  ///     }
  ///   }
  ///   .on(Saved.self) { todo, _ in
  ///     todo.isSaving = false
  ///     return .none
  ///   }
  /// let todos = CommandReducer<Todos>.empty.forEach(\.items, element: todo)
  /// ```
  ///
  /// Routing, order and in-place change are those of ReduxCore's `Reducer.forEach`: the element
  /// runs first, then this reducer; an action for an id that no element has leaves the state
  /// unchanged and is reported as a `RuntimeWarning` pointing at this call.
  ///
  /// ## The element owns its commands
  /// - Every action an element's command sends comes back addressed to that element, wrapped
  ///   in an `ElementAction` with its id.
  /// - When an action removes the element (whichever reducer removes it), the commands it
  ///   started that are still in flight are cancelled, so nothing they send arrives afterwards.
  /// - The element's cancel ids are its own: `cancellable(id: "save")` in two elements are two
  ///   separate pieces of work, and an element's `cancel(id: "save")` stops only its own.
  ///
  /// To find removed elements the operator keeps the collection's
  /// `IdentifiedElements/ids` across every action and asks for
  /// `IdentifiedElements/removedIDs(since:)` afterwards. For an `IdentifiedArray` that costs
  /// O(1) while no id changes; for an `Array` it is a pass over the elements on each action
  /// (see the "Child features" section of docs/commands.md for figures).
  ///
  /// - Parameters:
  ///   - keyPath: Where the collection lives in this reducer's state.
  ///   - element: The command reducer of one element.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func forEach<Elements: IdentifiedElements>(
    _ keyPath: WritableKeyPath<State, Elements> & Sendable,
    element: CommandReducer<Elements.Element>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> CommandReducer where Elements.Element.ID: Sendable {
    forEach(
      keyPath, action: ElementAction<Elements.Element>.self, element: element, fileID: fileID,
      line: line)
  }

  /// Returns a command reducer that runs `element` on the element of the collection at
  /// `keyPath` that an action of type `Wrapper` addresses, in place, and then this reducer;
  /// see ``forEach(_:element:fileID:line:)``.
  ///
  /// Use it when one state holds two collections of the same element type, each with its own
  /// `ElementActionWrapper`; the element's commands send their actions wrapped in `Wrapper`.
  @inlinable
  public func forEach<Elements: IdentifiedElements, Wrapper: ElementActionWrapper>(
    _ keyPath: WritableKeyPath<State, Elements> & Sendable,
    action wrapper: Wrapper.Type,
    element: CommandReducer<Elements.Element>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> CommandReducer where Wrapper.ElementID == Elements.Element.ID {
    let (parent, child, place) = (body, element.body, ChildPlace(keyPath))
    let owner = ChildKey(wrapper: Wrapper.self, place: keyPath)
    return CommandReducer { state, action in
      let idsBefore = place.modify(&state) { $0.ids }
      var childCommand = Command.none
      if let wrapped = action.as(Wrapper.self),
        let command = place.modify(
          &state,
          {
            $0.reduceElement(wrapped, at: keyPath, fileID: fileID, line: line, child)
          })
      {
        let id = wrapped.id
        childCommand = command.owned(by: owner.element(id)) { Wrapper(id: id, action: $0) }
      }
      let parentCommand = parent(&state, action)
      let removed = place.modify(&state) { $0.removedIDs(since: idsBefore) }
      return .merging(
        child: childCommand, parent: parentCommand, cancelling: removed.map(owner.element))
    }
  }
}
