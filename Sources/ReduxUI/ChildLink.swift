/// A scoped view store (or a collection's element scope), as its parent sees it.
@usableFromInline
struct ChildLink<State: Sendable> {
  /// What it was scoped by, to find it again.
  @usableFromInline let key: ChildKey
  /// The view store (or element scope), while it is alive.
  @usableFromInline let child: @MainActor () -> AnyObject?
  /// Publishes the child's part of a new parent state, given the one before; false once the
  /// child is released.
  @usableFromInline let update: @MainActor (_ old: State, _ new: State) -> Bool

  @usableFromInline
  init(
    key: ChildKey, child: @escaping @MainActor () -> AnyObject?,
    update: @escaping @MainActor (_ old: State, _ new: State) -> Bool
  ) {
    self.key = key
    self.child = child
    self.update = update
  }
}

/// What a scoped view store was made from, so that scoping again returns the same one.
@usableFromInline
enum ChildKey: Hashable {
  /// The value at a key path.
  case value(AnyKeyPath)
  /// The optional at a key path, while it is not nil; the action wrapper's type, or nil for
  /// actions forwarded unchanged.
  case optional(AnyKeyPath, ObjectIdentifier?)
  /// The payload of an enum case, by its type and the action wrapper's type.
  case inCase(ObjectIdentifier, ObjectIdentifier)
  /// The element at a position of the collection at a key path.
  case position(AnyKeyPath, AnyHashable)
  /// The elements of the collection at a key path, by id; the action wrapper's type, or nil
  /// for actions forwarded unchanged.
  case elements(AnyKeyPath, ObjectIdentifier?)
}
