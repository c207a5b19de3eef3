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
//   An element that is `Equatable` and unchanged is not published.
// - Every other element view store is brought up to date when it is next read (`sync`, called
//   by ViewStore.track): nothing observes it, so nothing needs telling.
// - An element that was removed is not found: its view store keeps its last value and publishes
//   nothing. If the id comes back, the same view store follows it again.
//
// Cost of a publish that changed the collection: one version bump, plus one lookup and one
// comparison per observed element. The parent's readers of the ids (a list view) compare the
// ids in order, once, when the collection changed.

import ReduxCore

/// What brings an element's view store up to date with its collection: the element scope it
/// belongs to.
@usableFromInline
@MainActor
protocol ElementSync<Element>: AnyObject {
  associatedtype Element: Sendable
  /// Brings `child` up to date before a read, if the collection changed since its last update.
  func sync(_ child: ViewStore<Element>)
  /// `child` is now observed: update it at once on each publish until it is no longer.
  func observe(_ child: ViewStore<Element>)
}

/// The view stores of the elements of the collection at one key path of a parent view store.
@usableFromInline
@MainActor
final class ElementScope<Parent: Sendable, Elements: IdentifiedElements>: ElementSync
where Elements.Element: Sendable {
  @usableFromInline typealias Element = Elements.Element
  @usableFromInline typealias ID = Elements.Element.ID

  /// An element's view store, while alive, and where its element was last seen.
  @usableFromInline
  struct Entry {
    @usableFromInline weak var child: ViewStore<Element>?
    @usableFromInline var position: Elements.Index?

    @inlinable
    init(child: ViewStore<Element>, position: Elements.Index?) {
      self.child = child
      self.position = position
    }
  }

  /// The view store whose state holds the collection; it owns this scope.
  @usableFromInline unowned let parent: ViewStore<Parent>
  @usableFromInline let keyPath: KeyPath<Parent, Elements>
  /// Where the collection's bits lie in the parent's state, when it is a stored property.
  @usableFromInline let bits: Range<Int>?
  /// Wraps an element's action with its id; nil to dispatch it as it is.
  @usableFromInline let wrap: ((ID, any Action) -> any Action)?
  /// `==` for elements, when they are `Equatable`.
  @usableFromInline let isEqual: ((Element, Element) -> Bool)?
  @usableFromInline var entries: [ID: Entry] = [:]
  /// The ids of the element view stores updated at once on each publish.
  @usableFromInline var observed: Set<ID> = []
  /// Goes up each time a publish changes the collection.
  @usableFromInline var version = 0
  /// Every element's position, for this version; built when a remembered position fails.
  @usableFromInline var positions: [ID: Elements.Index]?

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
    if let child = entries[id]?.child {
      entries[id]?.position = position
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
    child.elementSync = self
    child.syncedVersion = version
    entries[id] = Entry(child: child, position: position)
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
    // Forget released view stores once they outnumber the live ones.
    if entries.count > 2 * children.count + 16 {
      entries = entries.filter { $0.value.child != nil }
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
    let elements = new[keyPath: keyPath]
    for id in Array(observed) {
      guard let child = entries[id]?.child else {
        observed.remove(id)
        continue
      }
      child.syncedVersion = version
      if let element = element(id, in: elements) {
        if isEqual?(child.current, element) != true { child.publish(element) }
      }
      if child.observedFieldCount == 0 && child.children.isEmpty { observed.remove(id) }
    }
    return true
  }

  @inlinable
  func sync(_ child: ViewStore<Element>) {
    guard child.syncedVersion != version else { return }
    child.syncedVersion = version
    if let element = element(child.current.id, in: parent.current[keyPath: keyPath]) {
      // Nothing observes it (else `update` would have), so nothing needs telling.
      child.current = element
    }
  }

  @inlinable
  func observe(_ child: ViewStore<Element>) {
    observed.insert(child.current.id)
  }

  /// The element with `id` in `elements`, found where it was last seen or through the
  /// positions of this version; nil when it was removed.
  @inlinable
  func element(_ id: ID, in elements: Elements) -> Element? {
    if let position = entries[id]?.position, position >= elements.startIndex,
      position < elements.endIndex, elements[position].id == id
    {
      return elements[position]
    }
    if positions == nil {
      var positions: [ID: Elements.Index] = [:]
      positions.reserveCapacity(elements.count)
      for position in elements.indices { positions[elements[position].id] = position }
      self.positions = positions
    }
    let position = positions?[id]
    entries[id]?.position = position
    return position.map { elements[$0] }
  }

  /// Whether two parent states hold the same bytes in `range`; nonisolated, so that no
  /// executor check runs in its closures.
  @inlinable
  nonisolated static func sameBits(_ old: Parent, _ new: Parent, in range: Range<Int>) -> Bool {
    withUnsafeBytes(of: old) { old in
      withUnsafeBytes(of: new) { new in sameBytes(old, new, in: range) }
    }
  }
}
