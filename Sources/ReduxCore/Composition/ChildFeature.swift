import ReduxSeam

/// A child feature as the composition operator that holds it sees it: which child it is, how to
/// find it again in the parent's state, and how to address an action back to it.
///
/// The operators (``Reducing/ifLet(_:then:fileID:line:)``,
/// ``Reducing/forEach(_:element:fileID:line:)`` and the others) hand one to
/// ``Reducing/output(_:of:)`` with each output a child returns. ReduxCommand uses it to run a
/// child's commands in a scope the child owns, to address the actions they send back to the
/// child, and to end them once ``extract(from:)`` no longer finds the child, whichever reducer
/// removed it.
public struct ChildFeature<Parent, Child>: Sendable {
  /// Which child: the operator that holds it and, in a collection or stack, the element's id.
  public let id: ChildFeatureID
  @usableFromInline let addressAction: @Sendable (any Action) -> any Action
  @usableFromInline let extractChild: @Sendable (Parent) -> Child?

  @inlinable
  init(
    id: ChildFeatureID,
    address: @escaping @Sendable (any Action) -> any Action,
    extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.id = id
    self.addressAction = address
    self.extractChild = extract
  }

  /// `action`, sent by the child's work, wrapped so that it reaches this child again.
  @inlinable
  public func address(_ action: any Action) -> any Action {
    addressAction(action)
  }

  /// This child in `parent`; nil when it is gone: removed, in another enum case, or replaced by
  /// a child of another identity (an `Identifiable` child with another id).
  @inlinable
  public func extract(from parent: Parent) -> Child? {
    extractChild(parent)
  }
}

/// Which child feature: the operator that holds it (its action wrapper type and where the child
/// lives) and, in a collection or stack, the element's id.
public struct ChildFeatureID: Hashable, Sendable, CustomStringConvertible {
  let wrapper: ObjectIdentifier
  let place: HashableBox
  let element: HashableBox?

  @usableFromInline
  init<Wrapper>(wrapper: Wrapper.Type, place: some Hashable & Sendable) {
    self.wrapper = ObjectIdentifier(wrapper)
    self.place = HashableBox(place)
    element = nil
  }

  private init(wrapper: ObjectIdentifier, place: HashableBox, element: HashableBox) {
    self.wrapper = wrapper
    self.place = place
    self.element = element
  }

  /// The id of the element with `id` in this id's collection or stack.
  @usableFromInline
  func element(_ id: some Hashable & Sendable) -> ChildFeatureID {
    ChildFeatureID(wrapper: wrapper, place: place, element: HashableBox(id))
  }

  /// Where the child is, for messages: `child at \State.detail`, `child at \State.rows
  /// element 7`.
  public var description: String {
    let element = element.map { " element \($0.base)" } ?? ""
    return "child at \(place.base)\(element)"
  }
}

/// The identity of a presented child, when it has one (it is `Identifiable`): what tells it
/// from another child presented in its place without `nil` in between.
@usableFromInline
struct PresentedIdentity: Sendable {
  /// The child as it was presented; its id is read when it is compared.
  private let child: any Sendable

  /// The identity of `child`; nil when it is not `Identifiable`.
  @usableFromInline
  init?(of child: some Sendable) {
    guard child is any Identifiable else { return nil }
    self.child = child
  }

  /// Whether `other` has this identity.
  @usableFromInline
  func matches(_ other: some Sendable) -> Bool {
    guard let id = Self.id(of: child), let otherID = Self.id(of: other) else { return false }
    return id == otherID
  }

  private static func id(of child: Any) -> AnyHashable? {
    func id(of child: some Identifiable) -> AnyHashable { AnyHashable(child.id) }
    guard let child = child as? any Identifiable else { return nil }
    return id(of: child)
  }
}
