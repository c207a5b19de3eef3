/// A first-in, first-out queue on an array with a moving head: appending and removing the first
/// element are O(1) amortized. A queue that empties keeps a small capacity, so steady use does
/// not allocate, and gives a large one back, so a burst does not hold its memory for good.
/// Shared with the side-effect modules through `package` access.
///
/// Slots are optional so that `removeFirst` moves the element out: copying it out of the array
/// and then clearing the slot was a retain and a release per element that holds a reference.
@usableFromInline
package struct FIFOQueue<Element> {
  @usableFromInline var items: [Element?] = []
  @usableFromInline var head = 0

  /// The most elements' room an empty queue keeps.
  @inlinable
  package static var keptCapacity: Int { 256 }

  @inlinable
  package init() {}

  /// Room for elements the queue holds now, without allocating.
  package var capacity: Int { items.capacity }

  @inlinable
  package var isEmpty: Bool { head == items.count }

  @inlinable
  package var count: Int { items.count - head }

  @inlinable
  package mutating func append(_ element: consuming Element) {
    items.append(element)
  }

  /// The oldest element, removed; `nil` when the queue is empty.
  @inlinable
  package mutating func removeFirst() -> Element? {
    guard head < items.count else { return nil }
    let element = items[head].take()
    head += 1
    if head == items.count {
      items.removeAll(keepingCapacity: items.capacity <= Self.keptCapacity)
      head = 0
    } else if head >= 64 && head * 2 >= items.count {
      // A queue under sustained load may never empty: drop the consumed prefix now and then.
      items.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Every element, oldest first; the queue is left empty.
  @inlinable
  package mutating func removeAll() -> [Element] {
    defer {
      items.removeAll(keepingCapacity: items.capacity <= Self.keptCapacity)
      head = 0
    }
    return items[head...].map { $0! }
  }
}
