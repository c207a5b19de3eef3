/// A scoped view store, as its parent sees it.
@usableFromInline
struct ChildLink<State: Sendable> {
  /// The key path it was scoped by, to find it again.
  @usableFromInline let keyPath: AnyKeyPath
  /// The view store, while it is alive.
  @usableFromInline let child: @MainActor () -> AnyObject?
  /// Publishes the child's part of a new parent state; false once the child is released.
  @usableFromInline let update: @MainActor (State) -> Bool

  @usableFromInline
  init(
    keyPath: AnyKeyPath, child: @escaping @MainActor () -> AnyObject?,
    update: @escaping @MainActor (State) -> Bool
  ) {
    self.keyPath = keyPath
    self.child = child
    self.update = update
  }
}

/// Which part of the state an observed field stands for.
@usableFromInline
enum FieldID: Hashable {
  /// The value at the key path.
  case value(AnyKeyPath)
  /// Whether the optional at the key path is nil.
  case presence(AnyKeyPath)
}

/// One field a view read: its Observation key and how to tell whether a publish changed it.
@usableFromInline
struct ObservedField<State: Sendable> {
  @usableFromInline let key: KeyPath<ViewStore<State>, Int>
  /// Where the field's bits lie in the state, for a stored property: equal bits there mean an
  /// unchanged value (see FieldComparison.swift), so `isSame` runs only when they differ.
  @usableFromInline let bits: Range<Int>?
  @usableFromInline let isSame: (State, State) -> Bool
  /// Read since its last reported change, so it may have an observer.
  @usableFromInline var isRead = false
  @usableFromInline var isChanged = false

  init(
    key: KeyPath<ViewStore<State>, Int>, bits: Range<Int>?,
    isSame: @escaping (State, State) -> Bool
  ) {
    self.key = key
    self.bits = bits
    self.isSame = isSame
  }
}
