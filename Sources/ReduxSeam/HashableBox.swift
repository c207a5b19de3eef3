/// Any hashable, sendable value, compared and hashed by value: a cancellation id
/// (ReduxCommand) or a part of a child feature's id (ReduxCore).
@usableFromInline
package struct HashableBox: Hashable, Sendable {
  /// The value.
  package let base: any Hashable & Sendable

  /// A box around `base`.
  package init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  /// The value, as `AnyHashable`.
  package var anyHashable: AnyHashable { AnyHashable(base) }

  @usableFromInline
  package static func == (lhs: HashableBox, rhs: HashableBox) -> Bool {
    lhs.anyHashable == rhs.anyHashable
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    anyHashable.hash(into: &hasher)
  }
}
