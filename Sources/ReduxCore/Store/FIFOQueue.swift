/// A first-in, first-out queue on an array with a moving head: appending and removing the first
/// element are O(1) amortized. A queue that empties keeps a small capacity, so steady use does
/// not allocate, and gives a large one back, so a burst does not hold its memory for good.
/// Shared with the side-effect modules through `package` access.
/// `removeFirst` moves the element out of its optional slot (no retain and release), and an
/// emptied queue refills its slots (no generic range replacement).
@usableFromInline
package struct FIFOQueue<Element> {
  /// The slots; those before `head` and from `tail` on are empty.
  @usableFromInline var items: [Element?] = []
  @usableFromInline var head = 0
  @usableFromInline var tail = 0

  /// The most elements' room an empty queue keeps.
  @inlinable
  package static var keptCapacity: Int { 256 }

  @inlinable
  package init() {}

  /// Room for elements the queue holds now, without allocating.
  package var capacity: Int { items.capacity }

  @inlinable
  package var isEmpty: Bool { head == tail }

  @inlinable
  package var count: Int { tail - head }

  /// The oldest element, left in the queue; `nil` when the queue is empty.
  @inlinable
  package var first: Element? { head < tail ? items[head] : nil }

  @inlinable
  package mutating func append(_ element: consuming Element) {
    if tail < items.count {
      // Swapped in, not assigned: assigning over the slot's `nil` went through the runtime's
      // generic value witnesses for an element with existentials in it (a store's work item).
      var element: Element? = element
      swap(&items[tail], &element)
    } else {
      items.append(element)
    }
    tail += 1
  }

  /// The oldest element, removed; `nil` when the queue is empty.
  @inlinable
  package mutating func removeFirst() -> Element? {
    guard head < tail else { return nil }
    let element = items[head].take()
    head += 1
    if head == tail {
      head = 0
      tail = 0
      if items.capacity > Self.keptCapacity { items = [] }
    } else if head >= 64 && head * 2 >= tail {
      // A queue under sustained load may never empty: drop the consumed prefix now and then.
      items.removeFirst(head)
      tail -= head
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
      tail = 0
    }
    return items[head..<tail].map { $0! }
  }
}
