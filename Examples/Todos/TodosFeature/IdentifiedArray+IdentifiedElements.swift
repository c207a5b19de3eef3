// The seam between swift-identified-collections and the child-feature operators, conformed here
// where the package is imported, as the IdentifiedElements documentation shows. ReduxCore does
// not import the package, so users who never use it never fetch it.
import IdentifiedCollections
import ReduxCore

// No `@retroactive`: IdentifiedElements is declared in this package. An app outside it writes
// `extension IdentifiedArray: @retroactive IdentifiedElements`.
extension IdentifiedArray: IdentifiedElements
where Element: Identifiable, ID == Element.ID {
  /// The element with `id`, found by hashing.
  public func element(id: ID) -> Element? { self[id: id] }

  /// Runs `body` on the element with `id` where it is stored; nil when no element has it.
  public mutating func updateElement<Result>(
    id: ID, _ body: (inout Element) -> Result
  ) -> Result? {
    guard let index = index(id: id) else { return nil }
    return body(&self[index])
  }
}
