/// An action for a ``StackState`` of screens: one for a screen, or a push or pop, read by the
/// stack's `forEach(_:destination:)`.
///
/// ```swift
/// store.dispatch(StackAction<Screen>.push(.detail(Detail())))
/// store.dispatch(StackAction<Screen>.element(id: id, action: Rename(title: "Milk")))
/// store.dispatch(StackAction<Screen>.popFrom(id: id))
/// ```
///
/// An `element` action carrying a ``Dismiss`` pops from that screen. An action for an id that
/// is no longer on the stack leaves the state unchanged and is reported as a ``RuntimeWarning``.
public enum StackAction<Screen: Sendable>: Action {
  /// An action for the screen with `id`.
  case element(id: StackElementID, action: any Action)
  /// Pushes `screen` on top of the stack, with a new id; or with `id`, which must be newer than
  /// every id the stack has given (a deep link, or a test that names its screens' ids up
  /// front): an older one leaves the stack unchanged and is reported as a ``RuntimeWarning``.
  case push(Screen, id: StackElementID? = nil)
  /// Pops the screen with `id` and every screen above it.
  case popFrom(id: StackElementID)
  /// Pops every screen above the one with `id`, which stays on top.
  case popTo(id: StackElementID)
}
