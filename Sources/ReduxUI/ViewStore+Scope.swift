import ReduxCore

extension ViewStore {
  /// A view store of one part of this state, for a child view: observable field by field the
  /// same way, and dispatching through this view store to the same store.
  ///
  /// ```swift
  /// struct AppState: Sendable { var profile = Profile(); var settings = Settings() }
  ///
  /// let profile: ViewStore<Profile> = model.scope(\.profile)
  /// profile.name               // tracks profile.name only
  /// profile.dispatch(Rename("Ada"))
  /// ```
  ///
  /// The child is updated on the main actor with each state this view store publishes, in the
  /// same call, so parent and child never disagree. It keeps its parent alive; the parent keeps
  /// it only weakly, and returns the same view store for the same path while it is alive, so
  /// calling `scope` in a SwiftUI `body` does not make a new one per render. Scoping does not
  /// track anything in the parent: a view that only scopes is not invalidated by the child's
  /// changes.
  ///
  /// The path may step into a collection, and the child never reads past its end (see
  /// ``ScopePath``):
  /// - `scope(\.todos[i])`, with `Identifiable` elements, is the view store of the element at
  ///   index `i` *now*: it follows that element by id wherever it moves, and once the element
  ///   is removed it keeps its last value, publishes nothing and never crashes (its dispatches
  ///   still reach the store, whose reducer typically ignores or reports them). Calling it
  ///   again with the same `i` returns the view store of whichever element is at `i` then.
  /// - With other elements it is the view store of index `i`: it shows whatever element is
  ///   there, and keeps its last value while the collection is shorter.
  ///
  /// Its actions are dispatched as they are. For the view stores of every element of a
  /// collection, each dispatching its actions addressed to its element, use
  /// ``scope(each:)``.
  ///
  /// - Parameter path: The part of the state the child sees, as a key path (`\.profile`).
  /// - Returns: The child view store.
  /// - Precondition: An index in `path` names an element that exists when `scope` is called.
  @inlinable
  public func scope<Child: Sendable>(
    _ path: KeyPath<ScopePath<State, State>, ScopePath<State, Child>>
  ) -> ViewStore<Child> {
    ScopePath<State, State>.root[keyPath: path].visit(from: self, ScopeToValue())
  }

  /// A view store of an optional part of this state, or nil while it is nil.
  ///
  /// ```swift
  /// if let detail = model.scope(\.selectedItem) {
  ///   DetailView(model: detail)
  /// }
  /// ```
  ///
  /// Calling it tracks whether the optional is nil (not its value), so a view that scopes is
  /// invalidated when the child appears or disappears, and only then.
  ///
  /// When the optional becomes nil, a child view store already handed out stays usable and
  /// never crashes: its reads return the last non-nil value (what a view being dismissed
  /// should keep showing), it publishes no change, and its dispatches still reach the store
  /// (where reducers typically ignore them). If the optional becomes non-nil again while that
  /// child is alive, it is updated again and `scope` returns it.
  ///
  /// - Parameter path: The optional part of the state the child sees (`\.selectedItem`).
  /// - Returns: The child view store, or nil when the value at `path` is nil now.
  @inlinable
  public func scope<Child: Sendable>(
    _ path: KeyPath<ScopePath<State, State>, ScopePath<State, Child?>>
  ) -> ViewStore<Child>? {
    ScopePath<State, State>.root[keyPath: path].visit(from: self, ScopeToOptional())
  }

  /// The child view store of the value at `keyPath`; this view store itself for `\.self`.
  @inlinable
  func scope<Child: Sendable>(keyPath: KeyPath<State, Child>) -> ViewStore<Child> {
    if keyPath == \State.self as AnyKeyPath, let same = self as? ViewStore<Child> { return same }
    let key = ChildKey.value(keyPath)
    if let existing = child(for: key) as? ViewStore<Child> { return existing }
    syncIfElement()
    let child = ViewStore<Child>(
      state: current[keyPath: keyPath], dispatch: dispatch, send: { await self.send($0) })
    addChild(child, key: key) { child, state in child.publish(state[keyPath: keyPath]) }
    return child
  }

  /// The child view store of the optional at `keyPath`, or nil while it is nil; tracks its
  /// presence. With `Wrapper`, the child's actions are dispatched wrapped in it.
  @inlinable
  func scopeOptional<Child: Sendable, Wrapper: ChildActionWrapper>(
    keyPath: KeyPath<State, Child?>, wrapper: Wrapper.Type?
  ) -> ViewStore<Child>? {
    track(.presence(keyPath), bits: nil) {
      { ($0[keyPath: keyPath] == nil) == ($1[keyPath: keyPath] == nil) }
    }
    guard let value = current[keyPath: keyPath] else { return nil }
    let key = ChildKey.optional(keyPath, wrapper.map { ObjectIdentifier($0) })
    if let existing = child(for: key) as? ViewStore<Child> { return existing }
    let child =
      wrapper == nil
      ? ViewStore<Child>(state: value, dispatch: dispatch, send: { await self.send($0) })
      : ViewStore<Child>(
        state: value, dispatch: { self.dispatch(Wrapper($0)) },
        send: { await self.send(Wrapper($0)) })
    addChild(child, key: key) { child, state in
      if let value = state[keyPath: keyPath] { child.publish(value) }
    }
    return child
  }

  /// The child view store of whatever element is at `position` of the collection at
  /// `keyPath`; it keeps its last value while the collection is shorter.
  @inlinable
  func scope<Elements: Collection>(position: Elements.Index, of keyPath: KeyPath<State, Elements>)
    -> ViewStore<Elements.Element>
  where Elements.Index: Hashable, Elements.Element: Sendable {
    let key = ChildKey.position(keyPath, AnyHashable(position))
    if let existing = child(for: key) as? ViewStore<Elements.Element> { return existing }
    syncIfElement()
    let elements = current[keyPath: keyPath]
    requireElement(at: position, of: elements)
    let child = ViewStore<Elements.Element>(
      state: elements[position], dispatch: dispatch, send: { await self.send($0) })
    addChild(child, key: key) { child, state in
      let elements = state[keyPath: keyPath]
      if position >= elements.startIndex && position < elements.endIndex {
        child.publish(elements[position])
      }
    }
    return child
  }

  /// The live child scoped by `key`, if any.
  @inlinable
  func child(for key: ChildKey) -> AnyObject? {
    guard let index = childIndex[key] else { return nil }
    return children[index].child()
  }

  /// Starts feeding a new child view store, found again by `key`, on each publish: `publish`
  /// gives it its part of the new state; the link goes once the child is released.
  @inlinable
  func addChild<Child: Sendable>(
    _ child: ViewStore<Child>, key: ChildKey,
    publish: @escaping @MainActor (ViewStore<Child>, State) -> Void
  ) {
    addChild(
      ChildLink(
        key: key, child: { [weak child] in child },
        update: { [weak child] _, state in
          guard let child else { return false }
          publish(child, state)
          return true
        }))
  }

  /// Starts feeding a new child on each publish.
  @usableFromInline
  func addChild(_ link: ChildLink<State>) {
    // A view store with children is fed eagerly even while no view reads it: its children's
    // views may.
    if children.isEmpty { elementSync?.observe(self) }
    childIndex[link.key] = children.count
    children.append(link)
  }

  /// Rebuilds `childIndex` after released children were dropped.
  @usableFromInline
  func indexChildren() {
    childIndex.removeAll(keepingCapacity: true)
    for index in children.indices { childIndex[children[index].key] = index }
  }
}

/// Stops the program, with a message that names the fix, when `elements` has no element at
/// `position`: a scope path's index must exist when `scope` is called.
@inlinable
func requireElement<Elements: Collection>(at position: Elements.Index, of elements: Elements) {
  precondition(
    position >= elements.startIndex && position < elements.endIndex,
    "ViewStore.scope: no element at \(position) of \(Elements.self) (it has \(elements.count));"
      + " scope a position that exists, or use scope(each:)")
}

/// Scopes to the value a scope path ends at.
@usableFromInline
struct ScopeToValue<Value: Sendable>: ScopeVisitor {
  @inlinable init() {}

  @MainActor
  @inlinable
  func visit<Base: Sendable>(_ base: ViewStore<Base>, _ tail: KeyPath<Base, Value>)
    -> ViewStore<Value>
  {
    base.scope(keyPath: tail)
  }
}

/// Scopes to the optional a scope path ends at, or nil while it is nil.
@usableFromInline
struct ScopeToOptional<Wrapped: Sendable>: ScopeVisitor {
  @inlinable init() {}

  @MainActor
  @inlinable
  func visit<Base: Sendable>(_ base: ViewStore<Base>, _ tail: KeyPath<Base, Wrapped?>)
    -> ViewStore<Wrapped>?
  {
    base.scopeOptional(keyPath: tail, wrapper: nil as ChildAction<Wrapped>.Type?)
  }
}

/// Scopes to a position of the collection a scope path leads to.
@usableFromInline
struct ScopeToPosition<Elements: Collection>: ScopeVisitor
where Elements.Index: Hashable, Elements.Element: Sendable {
  @usableFromInline let position: Elements.Index

  @inlinable init(position: Elements.Index) { self.position = position }

  @MainActor
  @inlinable
  func visit<Base: Sendable>(_ base: ViewStore<Base>, _ tail: KeyPath<Base, Elements>)
    -> ViewStore<Elements.Element>
  {
    base.scope(position: position, of: tail)
  }
}
