import ReduxCore

/// The address of a child feature as the owner of its commands: the operator that holds it (the
/// child's action wrapper type and its place, a key path or an enum case's payload type) and,
/// in a collection or stack, the element's id.
///
/// A child operator runs the child's commands in a scope registered under its key, and cancels
/// that key when the child goes away.
@usableFromInline
struct ChildKey: Hashable, Sendable, CustomStringConvertible {
  let wrapper: ObjectIdentifier
  let place: CancelID
  let element: CancelID?

  /// The key of the child an operator for `wrapper` addresses at `place`.
  @usableFromInline
  init<Wrapper>(wrapper: Wrapper.Type, place: some Hashable & Sendable) {
    self.wrapper = ObjectIdentifier(wrapper)
    self.place = CancelID(place)
    element = nil
  }

  private init(wrapper: ObjectIdentifier, place: CancelID, element: CancelID) {
    self.wrapper = wrapper
    self.place = place
    self.element = element
  }

  /// The key of the element with `id` in this key's collection or stack.
  @usableFromInline
  func element(_ id: some Hashable & Sendable) -> ChildKey {
    ChildKey(wrapper: wrapper, place: place, element: CancelID(id))
  }

  @usableFromInline
  var description: String {
    let element = element.map { " element \($0.base)" } ?? ""
    return "child at \(place.base)\(element)"
  }
}
