/// A step that sees every action before the reducer, and decides what reaches it.
///
/// A middleware gets a ``MiddlewareContext`` (the store's state and dispatch), the action, and
/// `next`, the rest of the chain ending in the reducer. It may:
/// - pass the action on: `next(action)`;
/// - drop it: return without calling `next`;
/// - replace it: `next(OtherAction())`;
/// - dispatch others: `context.dispatch(...)`, which queues them after the current action;
/// - read the state before and after the reducer: `context.state` around `next`.
///
/// ```swift
/// let logger = Middleware<Counter> { context, action, next in
///   let before = context.state.count
///   next(action)
///   print("\(action): \(before) → \(context.state.count)")
/// }
/// let store = Store(initialState: Counter(), reducer: counter, middleware: [logger])
/// ```
///
/// Middleware run in array order: the first sees the action first. Call `next` synchronously,
/// before the middleware returns; to act later, dispatch a new action instead.
public struct Middleware<State: Sendable>: Sendable {
  /// Passes an action on to the rest of the chain and, at its end, the reducer.
  public typealias Next = @Sendable (_ action: any Action) -> Void

  @usableFromInline let body:
    @Sendable (_ context: MiddlewareContext<State>, _ action: any Action, _ next: Next) -> Void
  @usableFromInline let onAttach: (@Sendable (_ context: MiddlewareContext<State>) -> Void)?

  /// Creates a middleware from a closure called once for each action.
  public init(
    _ body:
      @escaping @Sendable (
        _ context: MiddlewareContext<State>, _ action: any Action, _ next: Next
      ) -> Void
  ) {
    self.body = body
    self.onAttach = nil
  }

  /// Creates a middleware that also learns its store's context as soon as the store exists.
  ///
  /// `onAttach` runs once, at the end of the store's initializer, before any action; it lets a
  /// middleware start work that reads state or dispatches before the first action (a saga
  /// runtime, for instance). The context holds the store weakly, so it may be kept.
  ///
  /// - Parameters:
  ///   - onAttach: Called once with the context of the store that holds this middleware.
  ///   - body: Called once for each action.
  public init(
    onAttach: @escaping @Sendable (_ context: MiddlewareContext<State>) -> Void,
    _ body:
      @escaping @Sendable (
        _ context: MiddlewareContext<State>, _ action: any Action, _ next: Next
      ) -> Void
  ) {
    self.body = body
    self.onAttach = onAttach
  }
}

/// What a middleware can do with the store it runs in: read its state and dispatch.
///
/// The context does not keep the store alive: after the store is released, ``dispatch(_:)`` does
/// nothing and ``state`` keeps its last committed value. So a middleware may hand the context to
/// work that outlives the store without creating a retain cycle.
public struct MiddlewareContext<State: Sendable>: Sendable {
  /// The store, weakly, and its engine: one reference, so that a closure that captures only the
  /// context (an effect's `dispatch`) needs no allocation of its own (ModuleProfile's
  /// `effects-typed`).
  @usableFromInline let store: WeakStore<State>

  @usableFromInline
  init(store: WeakStore<State>) {
    self.store = store
  }

  @inlinable
  var engine: StoreEngine<State> { store.engine }

  /// The store's latest committed state; inside a middleware, after `next` returns, it includes
  /// the current action.
  ///
  /// Inlinable, so that a middleware reading it after every action (a recorder, a logger)
  /// reads it in code specialized for its State.
  @inlinable
  public var state: State { engine.state }

  /// Dispatches an action to the store, through the whole middleware chain.
  ///
  /// Called from a middleware while the store is processing an action, the new action is
  /// queued and processed after the current one, in order, before the outermost `dispatch`
  /// returns. From other threads it behaves as ``Store/dispatch(_:)`` does. After the store is
  /// released it does nothing.
  public func dispatch(_ action: any Action) {
    store.value?.dispatch(action)
  }
}

/// A weak reference to a store, set once during the store's initializer, and the store's
/// engine, which it keeps.
@usableFromInline
final class WeakStore<State: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is written once in Store.init before the store is shared with any other
  // thread, and only read afterwards; the weak reference itself is managed atomically.
  // @exclusivity(unchecked): for the same reason no access can overlap a write, so the
  // runtime's check is left out (CoreProfile's `middleware`).
  @usableFromInline @exclusivity(unchecked) weak var value: Store<State>?
  @usableFromInline let engine: StoreEngine<State>

  @usableFromInline
  init(engine: StoreEngine<State>) {
    self.engine = engine
  }
}
