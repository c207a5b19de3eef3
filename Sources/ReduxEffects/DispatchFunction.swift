import ReduxCore

/// Sends an action to the store that an effect or a thunk runs in.
///
/// It goes through the store's whole middleware chain, like `Store.dispatch(_:)`. Called while
/// the store is processing an action (as it is inside a synchronous effect or thunk), the action
/// is queued and reduced after the current one, in order. It holds the store weakly: after the
/// store is released it does nothing, so async work may keep it without a retain cycle.
public typealias DispatchFunction = @Sendable (_ action: any Action) -> Void

/// Reads the latest committed state of the store that a thunk runs in.
///
/// Still readable after the store is released: it then returns the last committed state.
public typealias GetState<State> = @Sendable () -> State
