// How a ViewStore decides that a field it published has changed, so that it invalidates only
// the views that read that field. The comparison is built once, when a view first reads the
// field, and then runs once per publish.
//
// - Equatable values (found by a dynamic check, once) compare with `==`.
// - Other values compare by their bits: equal bits mean the same value, or the same reference
//   or copy-on-write buffer. Different bits count as a change even when the values would be
//   equal, so a non-Equatable field can be reported changed without being changed (rebuilt
//   with equal contents), never the reverse; a class instance mutated in place keeps its bits
//   and is not seen.

/// Returns a function that tells whether the value at `keyPath` is the same in two states.
func sameValue<Root, Value>(at keyPath: KeyPath<Root, Value>) -> (Root, Root) -> Bool {
  if let equal = equality(of: Value.self) {
    return { equal($0[keyPath: keyPath], $1[keyPath: keyPath]) }
  }
  return { sameBits($0[keyPath: keyPath], $1[keyPath: keyPath]) }
}

/// `==` for `Value` when it is Equatable at run time, else nil.
func equality<Value>(of type: Value.Type) -> ((Value, Value) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equality(as: equatable)
}

private func equality<Value, Equal: Equatable>(as _: Equal.Type) -> (Value, Value) -> Bool {
  // Equal is Value (the cast above succeeded for this very type), so the memory is rebound to
  // the type it already holds.
  { lhs, rhs in
    withUnsafePointer(to: lhs) { lhs in
      withUnsafePointer(to: rhs) { rhs in
        UnsafeRawPointer(lhs).assumingMemoryBound(to: Equal.self).pointee
          == UnsafeRawPointer(rhs).assumingMemoryBound(to: Equal.self).pointee
      }
    }
  }
}

/// Whether two values have the same bits (see the top of this file).
func sameBits<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) }
  }
}
