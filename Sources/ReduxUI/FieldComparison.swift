// How a ViewStore decides that a field it published has changed, so that it invalidates only
// the views that read that field. The comparison is built once, when a view first reads the
// field, and then runs once per publish.
//
// - A stored property's bits are compared first (ViewStore.markChanged): equal bits mean the
//   same value, or the same reference or copy-on-write buffer, and count as unchanged without
//   calling anything (a NaN left in place is unchanged too).
// - When they differ, Equatable values (found by a dynamic check, once) compare with `==`.
// - Other values compare by their bits: different bits count as a change even when the values
//   would be equal, so a non-Equatable field can be reported changed without being changed
//   (rebuilt with equal contents), never the reverse; a class instance mutated in place keeps
//   its bits and is not seen.

// Speed: a comparison runs for each observed field on every publish, so these builders are
// @inlinable: built in the caller's module, the comparison is specialized for the concrete
// state and field types. A stored property is read at its offset in the state; a key path
// through computed properties goes through the key-path runtime.

/// Returns a function that tells whether the `Equatable` value at `keyPath` is the same in two
/// states.
@inlinable
func sameValue<Root, Value: Equatable>(at keyPath: KeyPath<Root, Value>) -> (Root, Root) -> Bool {
  if let offset = MemoryLayout<Root>.offset(of: keyPath) {
    return { lhs, rhs in
      withUnsafePointer(to: lhs) { lhs in
        withUnsafePointer(to: rhs) { rhs in
          // Memory bound to Root is bound to its stored properties' types at their offsets.
          UnsafeRawPointer(lhs).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
            == UnsafeRawPointer(rhs).advanced(by: offset).assumingMemoryBound(to: Value.self)
            .pointee
        }
      }
    }
  }
  return { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
}

/// Returns a function that tells whether the value at `keyPath` is the same in two states:
/// with `==` if the value turns out `Equatable` at run time, else by its bits.
@inlinable
func sameValue<Root, Value>(at keyPath: KeyPath<Root, Value>) -> (Root, Root) -> Bool {
  if let equal = equality(of: Value.self) {
    return { equal($0[keyPath: keyPath], $1[keyPath: keyPath]) }
  }
  return { sameBits($0[keyPath: keyPath], $1[keyPath: keyPath]) }
}

/// `==` for `Value` when it is Equatable at run time, else nil.
@usableFromInline
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
@inlinable
func sameBits<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) }
  }
}

/// Where the value at `keyPath` lies in a `Root`, when it is a stored property (or a chain of
/// them); nil for a key path through a computed property.
@inlinable
func storedBits<Root, Value>(of keyPath: KeyPath<Root, Value>) -> Range<Int>? {
  guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return nil }
  return offset..<offset + MemoryLayout<Value>.size
}

/// Whether two states hold the same bytes in `range`.
@inlinable
func sameBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer, in range: Range<Int>)
  -> Bool
{
  var index = range.lowerBound
  while index + 8 <= range.upperBound {
    if lhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      != rhs.loadUnaligned(fromByteOffset: index, as: UInt64.self)
    {
      return false
    }
    index += 8
  }
  while index < range.upperBound {
    if lhs[index] != rhs[index] { return false }
    index += 1
  }
  return true
}
