/// An action for the child feature whose state has type `Child`: what `Reducer.ifLet` and
/// `Reducer.ifCaseLet` route to the child's reducer.
///
/// ```swift
/// struct Detail: Sendable { var title = "" }
/// struct Rename: Action { var title: String }
///
/// store.dispatch(ChildAction<Detail>(Rename(title: "Milk")))
/// store.dispatch(ChildAction<Detail>.dismiss)
/// ```
///
/// It is generic over the child's state type, so children of different types never receive
/// each other's actions. When one state holds two children of the same type (two optional
/// `Detail`s, or two enum cases carrying one), give each its own wrapper; see
/// ``ChildActionWrapper``.
public struct ChildAction<Child>: ChildActionWrapper {
  /// The child's own action.
  public let action: any Action

  /// An action for the child.
  public init(_ action: any Action) {
    self.action = action
  }
}

/// An action type that carries a child feature's own action: the address `Reducer.ifLet` and
/// `Reducer.ifCaseLet` read.
///
/// ``ChildAction`` is the one most code needs. Conform a type of your own when one state holds
/// two children of the same type, so that each has its own address:
///
/// ```swift
/// struct DraftAction: ChildActionWrapper {
///   let action: any Action
///   init(_ action: any Action) { self.action = action }
/// }
///
/// let editor = Reducer<Editor>.empty
///   .ifLet(\.original, then: detail)
///   .ifLet(\.draft, action: DraftAction.self, then: detail)
/// ```
public protocol ChildActionWrapper: Action {
  /// The child's own action.
  var action: any Action { get }
  /// An action for the child.
  init(_ action: any Action)
}

extension ChildActionWrapper {
  /// Asks the presenting `ifLet` to remove the child: it sets the optional to nil (a
  /// `CommandReducer` also cancels the child's commands) instead of running the child's
  /// reducer. Nothing happens, and nothing is reported, when the child is already gone.
  ///
  /// It is the wrapper of a ``Dismiss`` action, the same one a child's command can send.
  public static var dismiss: Self { Self(Dismiss()) }
}
