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
/// }
/// ```
///
/// Conformances are not isolated to an actor (the protocol refines `SendableMetatype`):
/// reducers run on whichever thread dispatches.
public protocol IdentifiedElements<Element>: Collection, SendableMetatype
where Element: Identifiable {
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
