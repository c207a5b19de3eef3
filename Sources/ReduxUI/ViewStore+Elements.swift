import ReduxCore

extension ViewStore {
  /// The view stores of the elements of a collection, one per element, for SwiftUI's
  /// `ForEach`; each dispatches its actions addressed to its element, as
  /// `ElementAction` values (what `Reducer.forEach` routes by id).
  ///
  /// ```swift
  /// struct Todo: Identifiable, Sendable { let id: Int; var title = ""; var isDone = false }
  /// struct TodoList: Sendable { var todos: [Todo] = [] }
  /// struct Toggle: Action {}
  ///
  /// // In a SwiftUI body:
  /// ForEach(model.scope(each: \.todos)) { todo in
  ///   TodoRow(model: todo)      // todo.dispatch(Toggle()) sends ElementAction<Todo>(id:action:)
  /// }
  /// ```
  ///
  /// The view store of an element is the same object for as long as it is alive, so its
  /// ``ViewStore/id`` is the element's identity for `ForEach`. Calling `scope(each:)` tracks the
  /// ids of the collection in order, not the elements: the list's view is invalidated when
  /// elements are added, removed or moved, and a change inside an element invalidates only the
  /// views that read that element's fields.
  ///
  /// When an element is removed, its view store keeps its last value, publishes nothing and
  /// never crashes. The last value is the one it was last brought to: a view store a view
  /// observes is brought to each new value as it is published, so it keeps the element's last
  /// value; one that nothing has read since an earlier change catches up only when read, and
  /// if its element was removed by then it keeps the value it showed when last read. Its
  /// dispatches still reach the store (where `Reducer.forEach` reports an
  /// action for an id that is gone as a runtime warning). If an element with that id comes
  /// back while the view store is alive, the view store follows it again.
  ///
  /// Cost: a publish that leaves the collection's storage untouched costs nothing here. One
  /// that changes it updates at once only the element view stores a view observes (a row on
  /// screen); the others catch up when they are next read. Make the element `Equatable`, so
  /// that an observed element that did not change is skipped with one `==`.
  ///
  /// - Parameter path: The collection, as a key path (`\.todos`). Its elements' ids must be
  ///   unique.
  /// - Returns: The view stores of the elements, in the collection's order.
  @inlinable
  public func scope<Elements: IdentifiedElements>(
    each path: KeyPath<ScopePath<State, State>, ScopePath<State, Elements>>
  ) -> [ViewStore<Elements.Element>]
  where Elements.Element: Sendable, Elements.Element.ID: Sendable {
    scope(each: path, action: ElementAction<Elements.Element>.self)
  }

  /// The view stores of the elements of a collection, each dispatching its actions wrapped in
  /// `wrapper`, for a collection whose actions have an address of their own.
  ///
  /// ```swift
  /// struct ArchivedTodoAction: ElementActionWrapper {
  ///   let id: Todo.ID
  ///   let action: any Action
  /// }
  ///
  /// ForEach(model.scope(each: \.archived, action: ArchivedTodoAction.self)) { todo in
  ///   TodoRow(model: todo)
  /// }
  /// ```
  ///
  /// Everything else is as ``scope(each:)``.
  ///
  /// - Parameters:
  ///   - path: The collection, as a key path (`\.archived`). Its elements' ids must be unique.
  ///   - wrapper: The action type that addresses an element: each element's action `a` is
  ///     dispatched as `Wrapper(id: element.id, action: a)`.
  /// - Returns: The view stores of the elements, in the collection's order.
  @inlinable
  public func scope<Elements: IdentifiedElements, Wrapper: ElementActionWrapper>(
    each path: KeyPath<ScopePath<State, State>, ScopePath<State, Elements>>,
    action wrapper: Wrapper.Type
  ) -> [ViewStore<Elements.Element>]
  where Elements.Element: Sendable, Wrapper.ElementID == Elements.Element.ID {
    ScopePath<State, State>.root[keyPath: path].visit(
      from: self, ScopeToElements<Elements, Wrapper>())
  }

  /// The element scope of the collection at `keyPath`, made on first use.
  @inlinable
  func elementScope<Elements: IdentifiedElements>(
    of keyPath: KeyPath<State, Elements>, wrapper: (any ElementActionWrapper.Type)?,
    wrap: ((Elements.Element.ID, any Action) -> any Action)?
  ) -> ElementScope<State, Elements> where Elements.Element: Sendable {
    let key = ChildKey.elements(keyPath, wrapper.map { ObjectIdentifier($0) })
    if let existing = child(for: key) as? ElementScope<State, Elements> { return existing }
    let scope = ElementScope(parent: self, keyPath: keyPath, wrap: wrap)
    addChild(
      ChildLink(
        key: key, child: { scope },
        update: { old, new in scope.update(from: old, to: new) }))
    return scope
  }

  /// The view stores of the elements of the collection at `keyPath`, wrapping their actions;
  /// tracks the collection's ids.
  @inlinable
  func elementViewStores<Elements: IdentifiedElements, Wrapper: ElementActionWrapper>(
    of keyPath: KeyPath<State, Elements>, wrapper: Wrapper.Type
  ) -> [ViewStore<Elements.Element>]
  where Elements.Element: Sendable, Wrapper.ElementID == Elements.Element.ID {
    track(.identities(keyPath), bits: storedBits(of: keyPath)) { sameIdentities(at: keyPath) }
    let scope = elementScope(
      of: keyPath, wrapper: wrapper, wrap: { Wrapper(id: $0, action: $1) })
    return scope.children(of: current[keyPath: keyPath])
  }

  /// The view store of the element at `position` of the collection at `keyPath`, following it
  /// by id; its actions are dispatched as they are.
  @inlinable
  func element<Elements: IdentifiedElements>(
    at position: Elements.Index, of keyPath: KeyPath<State, Elements>
  ) -> ViewStore<Elements.Element> where Elements.Element: Sendable {
    syncIfElement()
    let elements = current[keyPath: keyPath]
    requireElement(at: position, of: elements)
    let element = elements[position]
    return elementScope(of: keyPath, wrapper: nil, wrap: nil)
      .child(id: element.id, element: element, position: position)
  }
}

/// A view store is identified by the object it is: for `ForEach` over ``ViewStore/scope(each:)``,
/// whose view store of an element stays the same object for as long as it is alive.
extension ViewStore: Identifiable {}

/// Whether the collections at `keyPath` of two states have the same ids in the same order.
@inlinable
func sameIdentities<Root, Elements: IdentifiedElements>(at keyPath: KeyPath<Root, Elements>)
  -> (Root, Root) -> Bool
{
  { old, new in
    let old = old[keyPath: keyPath]
    let new = new[keyPath: keyPath]
    guard old.count == new.count else { return false }
    var oldPosition = old.startIndex
    var newPosition = new.startIndex
    while oldPosition != old.endIndex {
      if old[oldPosition].id != new[newPosition].id { return false }
      old.formIndex(after: &oldPosition)
      new.formIndex(after: &newPosition)
    }
    return true
  }
}

/// Scopes to every element of the collection a scope path ends at.
@usableFromInline
struct ScopeToElements<Elements: IdentifiedElements, Wrapper: ElementActionWrapper>: ScopeVisitor
where Elements.Element: Sendable, Wrapper.ElementID == Elements.Element.ID {
  @inlinable init() {}

  @MainActor
  @inlinable
  func visit<Base: Sendable>(_ base: ViewStore<Base>, _ tail: KeyPath<Base, Elements>)
    -> [ViewStore<Elements.Element>]
  {
    base.elementViewStores(of: tail, wrapper: Wrapper.self)
  }
}

/// Scopes to the element at a position of the collection a scope path leads to, by id.
@usableFromInline
struct ScopeToElement<Elements: IdentifiedElements>: ScopeVisitor
where Elements.Element: Sendable {
  @usableFromInline let position: Elements.Index

  @inlinable init(position: Elements.Index) { self.position = position }

  @MainActor
  @inlinable
  func visit<Base: Sendable>(_ base: ViewStore<Base>, _ tail: KeyPath<Base, Elements>)
    -> ViewStore<Elements.Element>
  {
    base.element(at: position, of: tail)
  }
}
