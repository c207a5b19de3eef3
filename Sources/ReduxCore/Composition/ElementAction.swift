/// An action for one element of a collection, addressed by the element's id: what
/// `Reducer.forEach` routes to the element's reducer.
///
/// ```swift
/// struct Todo: Identifiable, Sendable { let id: Int; var title = "" }
/// struct Rename: Action { var title: String }
///
/// store.dispatch(ElementAction<Todo>(id: 7, action: Rename(title: "Milk")))
/// ```
///
/// It is generic over the element type, not only the id type, so two collections whose elements
/// share an id type (two lists keyed by `UUID`) do not receive each other's actions. Two
/// collections of the same element type in one state take a wrapper of their own; see
/// ``ElementActionWrapper``.
public struct ElementAction<Element: Identifiable>: ElementActionWrapper
where Element.ID: Sendable {
  /// The id of the element the action is for.
  public let id: Element.ID
  /// The element's own action, in a box of its own: so that an element action with an id of up
  /// to two words fits in an `any Action` without a box of its own, and copying it (which
  /// matching it does) is a retain, not a copy of the inner action.
  @usableFromInline let box: ActionBox

  /// The element's own action.
  @inlinable
  public var action: any Action { box.action }

  /// An action for the element with `id`.
  @inlinable
  public init(id: Element.ID, action: any Action) {
    self.id = id
    self.box = ActionBox(action)
  }
}

extension ElementAction: CustomReflectable {
  /// Its id and its action, as messages and dumps show it (not the box that holds the action).
  public var customMirror: Mirror {
    Mirror(self, children: ["id": id, "action": action], displayStyle: .struct)
  }
}

/// An action held by reference.
@usableFromInline
final class ActionBox: Sendable {
  @usableFromInline let action: any Action

  @inlinable
  init(_ action: any Action) {
    self.action = action
  }
}

/// An action type that carries an element's id and the element's own action: the address
/// `Reducer.forEach` reads.
///
/// ``ElementAction`` is the one most code needs. Conform a type of your own when one state holds
/// two collections of the same element type, so that each collection has its own address:
///
/// ```swift
/// struct ArchivedTodoAction: ElementActionWrapper {
///   let id: Todo.ID
///   let action: any Action
/// }
/// ```
public protocol ElementActionWrapper<ElementID>: Action {
  /// The type of the ids that address elements.
  associatedtype ElementID: Hashable & Sendable
  /// The id of the element the action is for.
  var id: ElementID { get }
  /// The element's own action.
  var action: any Action { get }
  /// An action for the element with `id`.
  init(id: ElementID, action: any Action)
}
