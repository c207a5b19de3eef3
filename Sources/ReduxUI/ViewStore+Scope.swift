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
  /// it only weakly, and returns the same view store for the same key path while it is alive,
  /// so calling `scope` in a SwiftUI `body` does not make a new one per render. Scoping does not
  /// track anything in the parent: a view that only scopes is not invalidated by the child's
  /// changes.
  ///
  /// - Parameter keyPath: The part of the state the child sees.
  /// - Returns: The child view store.
  @inlinable
  public func scope<Child: Sendable>(_ keyPath: KeyPath<State, Child>) -> ViewStore<Child> {
    if let existing = child(scopedBy: keyPath) as? ViewStore<Child> { return existing }
    let child = ViewStore<Child>(
      state: current[keyPath: keyPath],
      dispatch: dispatch, send: { await self.send($0) })
    children.append(
      ChildLink(
        keyPath: keyPath, child: { [weak child] in child },
        update: { [weak child] state in
          guard let child else { return false }
          child.publish(state[keyPath: keyPath])
          return true
        }))
    return child
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
  /// - Parameter keyPath: The optional part of the state the child sees.
  /// - Returns: The child view store, or nil when the value at `keyPath` is nil now.
  @inlinable
  public func scope<Child: Sendable>(_ keyPath: KeyPath<State, Child?>) -> ViewStore<Child>? {
    track(.presence(keyPath), bits: nil) {
      { ($0[keyPath: keyPath] == nil) == ($1[keyPath: keyPath] == nil) }
    }
    guard let value = current[keyPath: keyPath] else { return nil }
    if let existing = child(scopedBy: keyPath) as? ViewStore<Child> { return existing }
    let child = ViewStore<Child>(
      state: value, dispatch: dispatch, send: { await self.send($0) })
    children.append(
      ChildLink(
        keyPath: keyPath, child: { [weak child] in child },
        update: { [weak child] state in
          guard let child else { return false }
          if let value = state[keyPath: keyPath] { child.publish(value) }
          return true
        }))
    return child
  }

  /// The live child scoped by `keyPath`, if any.
  @usableFromInline
  func child(scopedBy keyPath: AnyKeyPath) -> AnyObject? {
    children.first { $0.keyPath == keyPath }?.child()
  }
}
