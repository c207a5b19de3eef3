// The view stores of a collection's elements, by id (`scope(each:)`, and `scope(\.todos[i])`
// for `Identifiable` elements). A list can have thousands of rows and a view store for each;
// the work of one publish must grow with the rows on screen and the rows that changed, not with
// the rows that exist. So:
//
// - When the collection's bits did not change (the same array buffer), nothing is done.
// - Otherwise the collection's version goes up, and only the *observed* element view stores are
//   updated at once: those with a field read since its last reported change, or with children
//   of their own (a view on screen). Each finds its element by the position it was last seen
//   at, checked by id; positions are rebuilt in one pass when that fails (an insertion, a move).
//   An element whose bits did not change, or that is `Equatable` and equal, is not published.
// - Every other element view store is brought up to date when it is next read (`sync`, called
//   by ViewStore.track): nothing observes it, so nothing needs telling.
// - An element that was removed is not found: its view store keeps its last value and publishes
//   nothing. If the id comes back, the same view store follows it again.
//
// Each element view store has a slot (ElementSlot.swift): its id, where its element was last
// seen, the version it was brought to. The observed slots are kept in an array, so a publish
// walks them without hashing an id; the slots by id are looked up only to make or find a view
// store (`scope(each:)`), and the positions of all ids only when an element moved.
//
// Cost of a publish that changed the collection: one version bump, plus, per observed element,
// one id comparison and one comparison of its bits with the slot's copy (the view store, held
// weakly, is loaded only for an element that changed). The parent's readers of the
// ids (a list view) compare the ids in order, once, when the collection changed.

import ReduxCore

/// The view stores of the elements of the collection at one key path of a parent view store.
@usableFromInline
@MainActor
final class ElementScope<Parent: Sendable, Elements: IdentifiedElements>
where Elements.Element: Sendable {
  @usableFromInline typealias Element = Elements.Element
  @usableFromInline typealias ID = Elements.Element.ID
  @usableFromInline typealias Slot = ElementSlot<Parent, Elements>

  /// The view store whose state holds the collection; it owns this scope.
  @usableFromInline unowned let parent: ViewStore<Parent>
  @usableFromInline let keyPath: KeyPath<Parent, Elements>
  /// Where the collection's bits lie in the parent's state, when it is a stored property.
  @usableFromInline let bits: Range<Int>?
  /// Wraps an element's action with its id; nil to dispatch it as it is.
  @usableFromInline let wrap: ((ID, any Action) -> any Action)?
  /// `==` for elements, when they are `Equatable`.
  @usableFromInline let isEqual: ((Element, Element) -> Bool)?
  // @exclusivity(unchecked) on the collections: only the main actor touches them, and the
  // loops below never hold an access across a call out (observers may add slots).
  /// Every element view store's slot, by id; a released view store's slot stays until pruned.
  @usableFromInline @exclusivity(unchecked) var slots: [ID: Slot] = [:]
  /// The slots of the element view stores updated at once on each publish.
  @usableFromInline @exclusivity(unchecked) var observed: [Slot] = []
  /// Goes up each time a publish changes the collection.
  @usableFromInline @exclusivity(unchecked) var version = 0
  /// Every element's position, for this version; built when a remembered position fails.
  @usableFromInline @exclusivity(unchecked) var positions: [ID: Elements.Index]?

  @inlinable
  init(
    parent: ViewStore<Parent>, keyPath: KeyPath<Parent, Elements>,
    wrap: ((ID, any Action) -> any Action)?
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.wrap = wrap
    bits = storedBits(of: keyPath)
    isEqual = equality(of: Element.self)
  }

  /// The view store of the element with `id`, found at `position`: the live one, or a new one.
  @inlinable
  func child(id: ID, element: Element, position: Elements.Index) -> ViewStore<Element> {
    if let slot = slots[id], let child = slot.child {
      slot.position = position
      return child
    }
    let parent = self.parent
    let child: ViewStore<Element>
    if let wrap {
      child = ViewStore(
        state: element, dispatch: { parent.dispatch(wrap(id, $0)) },
        send: { await parent.send(wrap(id, $0)) })
    } else {
      child = ViewStore(
        state: element, dispatch: { parent.dispatch($0) }, send: { await parent.send($0) })
    }
    let slot = Slot(
      scope: self, child: child, element: element, position: position, version: version)
    child.elementSync = slot
    slots[id] = slot
    return child
  }

  /// The view stores of every element of `elements`, in order.
  @inlinable
  func children(of elements: Elements) -> [ViewStore<Element>] {
    var children: [ViewStore<Element>] = []
    children.reserveCapacity(elements.count)
    for position in elements.indices {
      let element = elements[position]
      children.append(child(id: element.id, element: element, position: position))
    }
    // Forget released view stores: their slots once they outnumber the live ones, and any
    // still observed (a view store released while a view had read it).
    if slots.count > 2 * children.count + 16 {
      slots = slots.filter { $0.value.child != nil }
    }
    var index = 0
    while index < observed.count {
      if observed[index].child == nil { stopObserving(at: index) } else { index += 1 }
    }
    return children
  }

  /// Called by the parent's publish; updates the observed element view stores. Always true:
  /// the scope lives as long as its parent.
  @inlinable
  func update(from old: Parent, to new: Parent) -> Bool {
    if let bits, Self.sameBits(old, new, in: bits) { return true }
    version &+= 1
    positions = nil
    if observed.isEmpty { return true }
    let version = self.version
    let elements = new[keyPath: keyPath]
    var index = 0
    while index < observed.count {
      let slot = observed[index]
      slot.version = version
      // An unchanged element leaves its view store as it is, observed: only a publish clears a
      // read field.
      guard let element = element(of: slot, in: elements), !isSame(slot.element, element) else {
        index += 1
        continue
      }
      guard let child = slot.child else {
        stopObserving(at: index)
        continue
      }
      slot.element = element
      // Its observers run here, and may read other elements (which syncs them) or make new
      // element view stores. One that dispatches publishes a newer state before this returns,
      // and that publish updated every observed element: stop here.
      child.publish(element)
      if self.version != version { return true }
      if child.observedFieldCount == 0 && child.children.isEmpty {
        stopObserving(at: index)
      } else {
        index += 1
      }
    }
    return true
  }

  /// Brings the view store of `slot` up to date before a read.
  @inlinable
  func sync(_ slot: Slot, _ child: ViewStore<Element>) {
    guard slot.version != version else { return }
    slot.version = version
    if let element = element(of: slot, in: parent.current[keyPath: keyPath]) {
      // Nothing observes it (else `update` would have), so nothing needs telling.
      slot.element = element
      child.current = element
    }
  }

  /// Starts updating the view store of `slot` at once on each publish.
  @inlinable
  func observe(_ slot: Slot) {
    guard slot.observedIndex == nil else { return }
    slot.observedIndex = observed.count
    observed.append(slot)
  }

  /// Removes the slot at `index` of `observed`, moving the last one into its place.
  @inlinable
  func stopObserving(at index: Int) {
    observed[index].observedIndex = nil
    let last = observed.removeLast()
    if index < observed.count {
      observed[index] = last
      last.observedIndex = index
    }
  }

  /// The element of `slot` in `elements`, found where it was last seen or through the
  /// positions of this version; nil when it was removed.
  @inlinable
  func element(of slot: Slot, in elements: Elements) -> Element? {
    if let position = slot.position, position >= elements.startIndex,
      position < elements.endIndex, elements[position].id == slot.id
    {
      return elements[position]
    }
    if positions == nil {
      var positions: [ID: Elements.Index] = [:]
      positions.reserveCapacity(elements.count)
      for position in elements.indices { positions[elements[position].id] = position }
      self.positions = positions
    }
    slot.position = positions?[slot.id]
    return slot.position.map { elements[$0] }
  }

  /// Whether two elements are the same: by their bits, then with `==` when `Equatable`.
  @inlinable
  func isSame(_ old: Element, _ new: Element) -> Bool {
    Self.sameBits(old, new, in: 0..<MemoryLayout<Element>.size) || isEqual?(old, new) == true
  }

  /// Whether two values hold the same bytes in `range`; nonisolated, so that no executor check
  /// runs in its closures.
  @inlinable
  nonisolated static func sameBits<Value>(_ old: Value, _ new: Value, in range: Range<Int>)
    -> Bool
  {
    withUnsafeBytes(of: old) { old in
      withUnsafeBytes(of: new) { new in sameBytes(old, new, in: range) }
    }
  }
}
