extension Reducer {
  /// Returns a reducer that runs `element` on the element of the collection at `keyPath` that
  /// an ``ElementAction`` addresses, in place, and then this reducer.
  ///
  /// ```swift
  /// struct Todo: Identifiable, Sendable { let id: Int; var title = "" }
  /// struct Todos: Sendable { var items: [Todo] = [] }
  /// struct Rename: Action { var title: String }
  ///
  /// let todo = Reducer<Todo>.on(Rename.self) { todo, action in todo.title = action.title }
  /// let todos = Reducer<Todos> { state, action in
  ///   // The parent's own logic; it also sees every ElementAction<Todo>, after the element.
  /// }
  /// .forEach(\.items, element: todo)
  ///
  /// store.dispatch(ElementAction<Todo>(id: 7, action: Rename(title: "Milk")))
  /// ```
  ///
  /// The order is the child's, then the parent's, as in The Composable Architecture: the
  /// element has changed by the time this reducer sees the action. The element is changed
  /// where it is stored (``IdentifiedElements/updateElement(id:_:)``), so the collection is
  /// never copied. The cost of finding it is the collection's: a linear search in an `Array`,
  /// a hash lookup in an `IdentifiedArray` (see ``IdentifiedElements``).
  ///
  /// An element action for an id that no element has leaves the state unchanged and is
  /// reported as a ``RuntimeWarning`` pointing at this call; this reducer still runs.
  ///
  /// - Parameters:
  ///   - keyPath: Where the collection lives in this reducer's state.
  ///   - element: The reducer of one element.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func forEach<Elements: IdentifiedElements>(
    _ keyPath: WritableKeyPath<State, Elements> & Sendable,
    element: Reducer<Elements.Element>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reducer where Elements.Element.ID: Sendable {
    forEach(
      keyPath, action: ElementAction<Elements.Element>.self, element: element, fileID: fileID,
      line: line)
  }

  /// Returns a reducer that runs `element` on the element of the collection at `keyPath` that
  /// an action of type `Wrapper` addresses, in place, and then this reducer; see
  /// ``forEach(_:element:fileID:line:)``.
  ///
  /// Use it when one state holds two collections of the same element type, each with its own
  /// ``ElementActionWrapper``:
  ///
  /// ```swift
  /// let lists = Reducer<Lists>.empty
  ///   .forEach(\.active, element: todo)
  ///   .forEach(\.archived, action: ArchivedTodoAction.self, element: todo)
  /// ```
  @inlinable
  public func forEach<Elements: IdentifiedElements, Wrapper: ElementActionWrapper>(
    _ keyPath: WritableKeyPath<State, Elements> & Sendable,
    action wrapper: Wrapper.Type,
    element: Reducer<Elements.Element>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Reducer where Wrapper.ElementID == Elements.Element.ID {
    let (parent, child, place) = (body, element.body, ChildPlace(keyPath))
    return Reducer { state, action in
      if let wrapped = action.as(Wrapper.self) {
        let found: Void? = place.modify(&state) {
          $0.updateElement(id: wrapped.id) { child(&$0, wrapped.action) }
        }
        if found == nil {
          ChildActionWarning.elementMissing(wrapped, at: keyPath, fileID: fileID, line: line)
        }
      }
      parent(&state, action)
    }
  }
}
