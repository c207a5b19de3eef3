/// A first-in, first-out queue: appending and removing the first element are O(1)
/// amortized. A queue that empties keeps a small capacity, so steady use does not allocate,
/// and gives a large one back, so a burst does not hold its memory for good. Shared with the
/// side-effect modules through `package` access.
///
/// Two arrays, neither with holes: appended elements go to the end of `inbox`; elements are
/// taken from the end of `outbox`, which, once empty, takes over `inbox` reversed (each
/// element is moved once more, in place). So appending initializes a slot and taking moves an
/// element out and shrinks the array: no slot is ever assigned or left holding a `nil`, which a
/// queue of existential-holding elements (a store's work item, a saga's put) would destroy one
/// by one through the runtime's generic value witnesses (ModuleProfile's `saga-fork1000`).
@usableFromInline
package struct FIFOQueue<Element> {
  /// The elements appended since `outbox` last took them over, oldest first.
  @usableFromInline package var inbox: [Element] = []
  /// The elements to take first, oldest last.
  @usableFromInline package var outbox: [Element] = []

  /// The most elements' room an empty queue keeps.
  @inlinable
  package static var keptCapacity: Int { 256 }

  @inlinable
  package init() {}

  /// Room for elements the queue holds now, without allocating.
  @inlinable
  package var capacity: Int { inbox.capacity + outbox.capacity }

  // `count`, not `isEmpty`: in code not specialized for `Element` (a channel's buffer), the
  // collection algorithm asks the runtime for the array's metadata and witness table at every
  // call (ModuleProfile's `saga-channel`).
  @inlinable
  package var isEmpty: Bool { inbox.count == 0 && outbox.count == 0 }

  @inlinable
  package var count: Int { inbox.count + outbox.count }

  /// The oldest element, left in the queue; `nil` when the queue is empty. Subscripts, as
  /// `isEmpty` uses counts: `last` and `first` are collection algorithms.
  @inlinable
  package var first: Element? {
    if outbox.count > 0 { return outbox[outbox.count - 1] }
    return inbox.count > 0 ? inbox[0] : nil
  }

  /// `body` applied to the first element in place, without copying it out (a copy of an
  /// element holding references retains and releases each); nil when the queue is empty.
  @inlinable
  package func withFirst<Result>(_ body: (borrowing Element) -> Result) -> Result? {
    if outbox.count > 0 { return outbox.withUnsafeBufferPointer { body($0[$0.count - 1]) } }
    if inbox.count > 0 { return inbox.withUnsafeBufferPointer { body($0[0]) } }
    return nil
  }

  @inlinable
  package mutating func append(_ element: consuming Element) {
    inbox.append(element)
  }

  /// Changes the element appended last (the newest); the queue must not be empty.
  @inlinable
  package mutating func updateLast(_ change: (inout Element) -> Void) {
    if inbox.isEmpty {
      change(&outbox[0])
    } else {
      change(&inbox[inbox.count - 1])
    }
  }

  /// The oldest element, removed; `nil` when the queue is empty.
  @inlinable
  package mutating func removeFirst() -> Element? {
    if outbox.count == 0 {
      if inbox.count == 0 { return nil }
      // The appended elements become the ones to take, oldest last; the empty outbox's buffer
      // takes the next appends. Reversed through the buffer, whose swaps move the elements
      // (the array's swapped copies: a retain and a release per pair of references).
      swap(&inbox, &outbox)
      outbox.withUnsafeMutableBufferPointer { $0.reverse() }
    }
    let element = outbox.removeLast()
    if isEmpty && capacity > Self.keptCapacity {
      inbox = []
      outbox = []
    }
    return element
  }

  /// Every element, oldest first; the queue is left empty.
  @inlinable
  package mutating func removeAll() -> [Element] {
    defer {
      let keepsCapacity = capacity <= Self.keptCapacity
      inbox.removeAll(keepingCapacity: keepsCapacity)
      outbox.removeAll(keepingCapacity: keepsCapacity)
    }
    return outbox.reversed() + inbox
  }
}

extension FIFOQueue: Sendable where Element: Sendable {}
