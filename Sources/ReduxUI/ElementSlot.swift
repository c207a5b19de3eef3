import ReduxCore

/// What brings an element's view store up to date with its collection: its slot in the element
/// scope it belongs to.
@usableFromInline
@MainActor
protocol ElementSync<Element>: AnyObject {
  associatedtype Element: Sendable
  /// Brings `child` up to date before a read, if the collection changed since its last update.
  func sync(_ child: ViewStore<Element>)
  /// `child` is now observed: update it at once on each publish until it is no longer.
  func observe(_ child: ViewStore<Element>)
}

/// One element view store of an element scope: its id, where its element was last seen, and
/// the collection's version it was brought to.
///
/// The view store holds its slot (as its `elementSync`) and the scope holds every slot; the slot
/// holds the view store weakly, so a released view store leaves an empty slot behind.
@usableFromInline
@MainActor
final class ElementSlot<Parent: Sendable, Elements: IdentifiedElements>: ElementSync
where Elements.Element: Sendable {
  @usableFromInline typealias Element = Elements.Element

  /// The scope, unretained: it lives as long as its parent view store, which the element's
  /// view store keeps alive, and only that view store calls into the slot.
  @usableFromInline unowned(unsafe) let scope: ElementScope<Parent, Elements>
  @usableFromInline weak var child: ViewStore<Element>?
  @usableFromInline let id: Element.ID
  // @exclusivity(unchecked) on the variables: only the main actor touches them, and no access
  // overlaps another; the dynamic checks cost more than the scope's whole loop.
  /// Where the element was last seen; nil once it was not found.
  @usableFromInline @exclusivity(unchecked) var position: Elements.Index?
  /// The scope's version the view store's state was last brought to.
  @usableFromInline @exclusivity(unchecked) var version: Int
  /// Where the slot is in the scope's observed slots, while it is there.
  @usableFromInline @exclusivity(unchecked) var observedIndex: Int?
  /// The element the view store shows, as of `version`: compared with the collection's on each
  /// publish without loading the weakly held view store, which costs more than the comparison.
  @usableFromInline @exclusivity(unchecked) var element: Element

  @inlinable
  init(
    scope: ElementScope<Parent, Elements>, child: ViewStore<Element>, element: Element,
    position: Elements.Index, version: Int
  ) {
    self.scope = scope
    self.child = child
    self.element = element
    id = element.id
    self.position = position
    self.version = version
  }

  @inlinable
  func sync(_ child: ViewStore<Element>) {
    scope.sync(self, child)
  }

  @inlinable
  func observe(_ child: ViewStore<Element>) {
    scope.observe(self)
  }
}
