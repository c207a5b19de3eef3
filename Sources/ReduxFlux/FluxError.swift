/// A broken Flux rule, reported by the ``Dispatcher`` as a thrown error instead of a crash.
///
/// Each case mirrors one of Facebook Flux's invariants. Its ``description`` says what went wrong
/// and how to fix it. After any of these errors the dispatcher is ready for the next dispatch.
public enum FluxError: Error, CustomStringConvertible {
  /// An action was dispatched from inside a callback of a dispatch that is still running.
  ///
  /// - `attempted`: the type name of the action that was refused.
  /// - `inProgress`: the type name of the action being dispatched.
  case dispatchDuringDispatch(attempted: String, inProgress: String)

  /// ``Dispatcher/waitFor(_:)`` was called when the calling thread is not running a dispatch.
  case waitForOutsideDispatch

  /// Callbacks wait for each other in a cycle; `cycle` lists the tokens in waiting order and
  /// ends with the token it started from, for example `[A, B, A]`.
  case circularWaitFor(cycle: [DispatchToken])

  /// The token was never registered with this dispatcher, or it has been unregistered.
  case unknownToken(DispatchToken)

  /// The callback registered under `token` threw `error`; the rest of that dispatch was skipped.
  case callbackFailed(token: DispatchToken, error: any Error)

  /// A store's `hasChanged()` was called when the calling thread is not running a dispatch.
  case hasChangedOutsideDispatch

  /// A ``StoreGroup`` was created over no stores; it would have nothing to wait for.
  case emptyStoreGroup

  /// A readable explanation that names the fix.
  public var description: String {
    switch self {
    case .dispatchDuringDispatch(let attempted, let inProgress):
      return "Cannot dispatch \(attempted) in the middle of the dispatch of \(inProgress). "
        + "Dispatch it after the current dispatch returns (for example from a Task, or from "
        + "the code that started the dispatch), or handle it in the callback directly."
    case .waitForOutsideDispatch:
      return "waitFor must be called from a dispatcher callback while a dispatch is running. "
        + "Call it inside a callback registered with register(_:_:)."
    case .circularWaitFor(let cycle):
      let path = cycle.map(\.description).joined(separator: " -> ")
      return "Circular waitFor: \(path). Break the cycle so that no store waits, directly or "
        + "through others, for a store that waits for it."
    case .unknownToken(let token):
      return "\(token) does not map to a callback registered with this dispatcher. "
        + "Use a token returned by this dispatcher's register and not yet unregistered."
    case .callbackFailed(let token, let error):
      return "The callback \(token) threw \(error); the rest of this dispatch was skipped. "
        + "Handle the error inside the callback, or put failures in the action's Result."
    case .hasChangedOutsideDispatch:
      return "hasChanged() tells whether a store changed in the dispatch in progress, so it "
        + "must be called from a dispatcher callback while a dispatch is running. Outside a "
        + "dispatch, listen to the store's change event with onChange(_:) instead."
    case .emptyStoreGroup:
      return "A StoreGroup needs at least one store to wait for. Pass the stores whose changes "
        + "the callback reads, or register a plain dispatcher callback instead."
    }
  }
}
