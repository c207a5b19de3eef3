/// A collection of identifiable elements that can be read, and changed in place, by id: the
/// seam between the child-feature operators (`Reducer.forEach`, view stores by identity) and the
/// collection a state keeps its rows in.
///
/// `Array` conforms when its elements are `Identifiable`, finding an element by a linear search.
///
/// ## IdentifiedArray
///
/// swift-identified-collections' `IdentifiedArray` finds an element by hashing, in O(1). This
/// package does not ship its conformance: ReduxCore imports nothing outside the toolchain, and
/// SwiftPM fetches the dependencies of every library product of a package a user depends on
/// (even products the user never links), so an adapter product here would make every user
/// fetch swift-identified-collections and swift-collections. Conform it where that package is
/// already imported (your app or feature module), with these lines:
///
/// ```swift
/// import IdentifiedCollections
/// import ReduxCore
///
/// extension IdentifiedArray: @retroactive IdentifiedElements
/// where Element: Identifiable, ID == Element.ID {
///   public func element(id: ID) -> Element? { self[id: id] }
///
///   public mutating func updateElement<Result>(
///     id: ID, _ body: (inout Element) -> Result
///   ) -> Result? {
///     guard let index = index(id: id) else { return nil }
///     return body(&self[index])
///   }
///
///   public func removedIDs(since earlier: IDs) -> [ID] {
///     earlier.elements == ids.elements ? [] : earlier.filter { self[id: $0] == nil }
///   }
/// }
/// ```
///
/// `IdentifiedArray`'s own `ids` (an `OrderedSet`) serves as ``ids``. Comparing the arrays of
/// two of them that share storage is O(1), so an action that changes no id costs no search;
/// the comparison goes through `elements`, so the file need not import `OrderedCollections`.
///
/// Conformances are not isolated to an actor (the protocol refines `SendableMetatype`):
/// reducers run on whichever thread dispatches.
public protocol IdentifiedElements<Element>: Collection, SendableMetatype
where Element: Identifiable {
  /// The ids of the elements, in a form that is cheap to keep across a change and compare
  /// with ``removedIDs(since:)``.
  associatedtype IDs = [Element.ID]

  /// The ids of the elements, in order.
  var ids: IDs { get }

  /// The ids in `earlier` (an earlier value of ``ids``) that no element has any more, in the
  /// order of `earlier`; empty when none was removed.
  ///
  /// A `CommandReducer`'s `forEach` calls it after every action to cancel the work of removed
  /// elements, so it should be quick when nothing changed.
  func removedIDs(since earlier: IDs) -> [Element.ID]

  /// The element with `id`, or nil when no element has it.
  func element(id: Element.ID) -> Element?

  /// Runs `body` on the element with `id`, in place, and returns what it returns; returns nil,
  /// and runs nothing, when no element has that id.
  ///
  /// Implementations change the element where it is stored (through the collection's mutable
  /// subscript), so an unshared collection is never copied.
  mutating func updateElement<Result>(id: Element.ID, _ body: (inout Element) -> Result)
    -> Result?
}

extension IdentifiedElements where IDs == [Element.ID] {
  /// The ids of the elements, in order: one pass over the collection.
  @inlinable
  public var ids: [Element.ID] { map(\.id) }

  /// The ids in `earlier` that no element has any more: a pass over the collection to read its
  /// ids and compare them with `earlier`, and a set of them only when they differ.
  @inlinable
  public func removedIDs(since earlier: [Element.ID]) -> [Element.ID] {
    let current = ids
    if current == earlier { return [] }
    let present = Set(current)
    return earlier.filter { !present.contains($0) }
  }
}

extension Array: IdentifiedElements where Element: Identifiable {
  /// The first element with `id`, found by a linear search; nil when none has it.
  @inlinable
  public func element(id: Element.ID) -> Element? {
    first { $0.id == id }
  }

  /// Runs `body` in place on the first element with `id` (a linear search); nil when none has
  /// it.
  @inlinable
  public mutating func updateElement<Result>(
    id: Element.ID, _ body: (inout Element) -> Result
  ) -> Result? {
    guard let index = firstIndex(where: { $0.id == id }) else { return nil }
    return body(&self[index])
  }
}
