// Reading and comparing the actions that composition wraps: a parent finds "the detail's
// ConfirmDelete" without a cast per wrapper, and a test receives a wrapped action by value.

/// A wrapper that carries a child's action only in some of its cases: a ``StackAction``'s
/// `element`. (``ChildActionWrapper`` and ``ElementActionWrapper`` always carry one.)
protocol CarriesChildAction {
  /// The id of the element and its action, if this carries one.
  var carriedElement: (id: AnyHashable, action: any Action)? { get }
}

extension StackAction: CarriesChildAction {
  var carriedElement: (id: AnyHashable, action: any Action)? {
    if case .element(let id, let action) = self { (id, action) } else { nil }
  }
}

extension Action {
  /// This action as an `A`, or the `A` a child wrapper around it carries, at any depth:
  /// `ChildAction`, `ElementAction`, a `StackAction`'s `element`, and custom wrappers.
  ///
  /// ```swift
  /// // StackAction<Screen>.element(id: 3, action: ChildAction<Detail>(ChildAction<AlertState>(ConfirmDelete())))
  /// if action.unwrapped(as: ConfirmDelete.self) != nil { … }
  /// ```
  public func unwrapped<A: Action>(as type: A.Type) -> A? {
    var current: any Action = self
    while true {
      if let found = current.as(A.self) { return found }
      switch current {
      case let wrapper as any ChildActionWrapper:
        current = wrapper.action
      case let wrapper as any ElementActionWrapper:
        current = wrapper.action
      case let carrier as any CarriesChildAction:
        guard let (_, inner) = carrier.carriedElement else { return nil }
        current = inner
      default:
        return nil
      }
    }
  }
}

extension Action {
  /// The `A` this action carries for the element with `id`: through an `ElementAction` (or a
  /// custom ``ElementActionWrapper``) or a `StackAction`'s `element` with that id, at any depth,
  /// and any child wrappers around or inside it; nil when no element on the way has that id.
  ///
  /// ```swift
  /// // StackAction<Screen>.element(id: #3, action: ChildAction<Detail>(Saved()))
  /// action.unwrapped(as: Saved.self, at: StackElementID(3))  // Saved()
  /// action.unwrapped(as: Saved.self, at: StackElementID(4))  // nil
  /// ```
  public func unwrapped<A: Action, ID: Hashable>(as type: A.Type, at id: ID) -> A? {
    var current: any Action = self
    while true {
      switch current {
      case let wrapper as any ElementActionWrapper:
        if AnyHashable(wrapper.id) == AnyHashable(id) {
          return wrapper.action.unwrapped(as: A.self)
        }
        current = wrapper.action
      case let wrapper as any ChildActionWrapper:
        current = wrapper.action
      case let carrier as any CarriesChildAction:
        guard let (elementID, inner) = carrier.carriedElement else { return nil }
        if AnyHashable(elementID) == AnyHashable(id) { return inner.unwrapped(as: A.self) }
        current = inner
      default:
        return nil
      }
    }
  }
}

extension StackAction {
  /// The id of the screen and the `A` this action carries for it, through any child wrappers;
  /// `nil` for a push, a pop, or an action of another type.
  ///
  /// ```swift
  /// if let (id, _) = stackAction.element(ConfirmDelete.self) { state.path.pop(from: id) }
  /// ```
  public func element<A: Action>(_ type: A.Type) -> (id: StackElementID, action: A)? {
    guard case .element(let id, let action) = self, let found = action.unwrapped(as: A.self)
    else { return nil }
    return (id, found)
  }
}

// Equality, so that a TestStore receives wrapped actions by value. The carried actions compare
// with `==` when their type is `Equatable`, and by type alone when it is not.

extension ChildAction: Equatable {
  /// The same carried action.
  public static func == (lhs: ChildAction, rhs: ChildAction) -> Bool {
    sameAction(lhs.action, rhs.action)
  }
}

extension ElementAction: Equatable {
  /// The same id and carried action.
  public static func == (lhs: ElementAction, rhs: ElementAction) -> Bool {
    lhs.id == rhs.id && sameAction(lhs.action, rhs.action)
  }
}

extension StackAction: Equatable where Screen: Equatable {
  /// The same case, ids, screens and carried actions.
  public static func == (lhs: StackAction, rhs: StackAction) -> Bool {
    switch (lhs, rhs) {
    case (.element(let leftID, let left), .element(let rightID, let right)):
      leftID == rightID && sameAction(left, right)
    case (.push(let left, let leftID), .push(let right, let rightID)):
      left == right && leftID == rightID
    case (.popFrom(let left), .popFrom(let right)), (.popTo(let left), .popTo(let right)):
      left == right
    default:
      false
    }
  }
}
