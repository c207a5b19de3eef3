/// The action a child feature sends to be removed by the operator that presents it.
///
/// Addressed to a child, it is handled by the operator instead of the child's reducer:
/// `Reducer.ifLet` sets the optional child to nil, and a stack's `forEach` pops the screen and
/// every screen above it. A `CommandReducer` child asks for it from its command, and the action
/// comes back addressed to it; a `CommandReducer`'s `ifCaseLet` passes it on unwrapped, so a
/// child inside an enum case dismisses the presentation or stack screen that holds the enum.
///
/// ```swift
/// let detail = CommandReducer<Detail>.on(SaveTapped.self) { state, _ in
///   let draft = state
///   return .run { send in
///     await api.save(draft)
///     send(Dismiss())
///   }
/// }
/// ```
///
/// A parent dismisses a presented child with `ChildAction<Detail>.dismiss`, or pops a stack
/// with `StackAction.popFrom(id:)`.
public struct Dismiss: Action, Equatable, Codable {
  /// The action.
  public init() {}
}
