// Where a child feature's state lives in its parent. A child operator runs for every action,
// so the child is reached at the cost of the hand-written code it stands for.

/// A writable key path with, when it names a stored property (or a chain of them), that
/// property's offset: the child is then reached by pointer arithmetic instead of the key-path
/// runtime.
///
/// `MemoryLayout.offset(of:)` is public API, nil for anything but stored properties, and memory
/// bound to the root is bound to each stored property's type at its offset, so the child is
/// changed where it is stored, as `root[keyPath: keyPath]` would change it.
@usableFromInline
struct ChildPlace<Root, Value>: Sendable {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value> & Sendable
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value> & Sendable) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Returns what `body` makes of the value at this place in `root`, read where it is stored.
  @inlinable @inline(__always)
  func read<Result>(_ root: Root, _ body: (borrowing Value) -> Result) -> Result {
    guard let offset else { return body(root[keyPath: keyPath]) }
    return withUnsafePointer(to: root) { root in
      body(UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// Runs `body` on the value at this place in `root`, in place.
  @inlinable @inline(__always)
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath]) }
    return withUnsafeMutablePointer(to: &root) { root in
      let value = UnsafeMutableRawPointer(root).advanced(by: offset)
      return body(&value.assumingMemoryBound(to: Value.self).pointee)
    }
  }
}
