extension Reducing {
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
  /// ## The element owns its work
  /// With a reducer type whose output is work (ReduxCommand's `CommandReducer`):
  /// - Every action an element's command sends comes back addressed to that element, wrapped
  ///   in an ``ElementAction`` with its id.
  /// - When the element leaves the collection (whichever reducer removes it), the commands it
  ///   started that are still in flight are cancelled, so nothing they send arrives afterwards.
  /// - The element's cancel ids are its own: `cancellable(id: "save")` in two elements are two
  ///   separate pieces of work, and an element's `cancel(id: "save")` stops only its own.
  ///
  /// - Parameters:
  ///   - keyPath: Where the collection lives in this reducer's state.
  ///   - element: The reducer of one element, of this reducer's type.
  ///   - fileID: Where the operator is used, for warnings; leave the default.
  ///   - line: The line of `fileID`.
  @inlinable
  public func forEach<Elements: IdentifiedElements, ElementReducer>(
    _ keyPath: WritableKeyPath<State, Elements> & Sendable,
    element: ElementReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self
  where
    Elements.Element: Sendable, Elements.Element.ID: Sendable,
    ElementReducer: Reducing<Elements.Element, Output>
  {
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
  public func forEach<
    Elements: IdentifiedElements, ElementReducer, Wrapper: ElementActionWrapper
  >(
    _ keyPath: WritableKeyPath<State, Elements> & Sendable,
    action wrapper: Wrapper.Type,
    element: ElementReducer,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self
  where
    Wrapper.ElementID == Elements.Element.ID, Elements.Element: Sendable,
    ElementReducer: Reducing<Elements.Element, Output>
  {
    let (parent, place) = (self, ChildPlace(keyPath))
    return Self { state, action in
      var elementOutput = Self.noOutput
      if let wrapped = action.as(Wrapper.self) {
        let id = wrapped.id
        if let output = place.modify(
          &state, { $0.updateElement(id: id) { element(&$0, wrapped.action) } })
        {
          elementOutput = Self.output(output, of: .element(id, at: keyPath, as: Wrapper.self))
        } else {
          ChildActionWarning.elementMissing(wrapped, at: keyPath, fileID: fileID, line: line)
        }
      }
      return Self.merge(elementOutput, parent(&state, action))
    }
  }
}

extension ChildFeature where Child: Sendable {
  /// The element with `id` in the collection at `keyPath`, whose actions `Wrapper` carries.
  @inlinable
  static func element<Elements: IdentifiedElements, Wrapper: ElementActionWrapper>(
    _ id: Wrapper.ElementID, at keyPath: WritableKeyPath<Parent, Elements> & Sendable,
    as wrapper: Wrapper.Type
  ) -> ChildFeature where Elements.Element == Child, Wrapper.ElementID == Child.ID {
    ChildFeature(
      id: ChildFeatureID(wrapper: Wrapper.self, place: keyPath).element(id),
      address: { Wrapper(id: id, action: $0) },
      extract: { [place = ChildPlace(keyPath)] in place.read($0) { $0.element(id: id) } })
  }
}
