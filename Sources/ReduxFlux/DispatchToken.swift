/// Identifies one callback registered with a ``Dispatcher``; pass it to
/// ``Dispatcher/unregister(_:)`` or ``Dispatcher/waitFor(_:)``.
///
/// Tokens are small values: copy them freely and store them in other stores so they can wait
/// for each other. A token only means something to the dispatcher that returned it.
public struct DispatchToken: Hashable, Sendable, CustomStringConvertible {
  let dispatcher: ObjectIdentifier
  let id: Int

  /// The token as Facebook Flux names its ids: `ID_1`, `ID_2`, ...
  public var description: String { "ID_\(id)" }
}
