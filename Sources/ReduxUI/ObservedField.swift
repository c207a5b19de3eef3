/// Which part of the state an observed field stands for.
@usableFromInline
enum FieldID: Hashable {
  /// The value at the key path.
  case value(AnyKeyPath)
  /// Whether the optional at the key path is nil.
  case presence(AnyKeyPath)
  /// Whether the state is in the case whose payload has this type and whose actions this
  /// wrapper type carries.
  case inCase(ObjectIdentifier, ObjectIdentifier)
  /// The ids of the collection at the key path, in order.
  case identities(AnyKeyPath)
  /// The value of a memoized selector.
  case selection(ObjectIdentifier)
}

/// One field a view read: its Observation key and how to tell whether a publish changed it.
@usableFromInline
struct ObservedField<State: Sendable> {
  @usableFromInline let key: KeyPath<ViewStore<State>, Int>
  /// Where the field's bits lie in the state, for a stored property: equal bits mean an
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
