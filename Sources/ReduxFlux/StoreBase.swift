import ReduxCore
import ReduxSeam

/// The foundation of a Flux store: one dispatcher registration that routes each action to the
/// handlers for its type, and an emitter that announces a change once per dispatch.
///
/// Keep your data where the handlers can reach it (a `Mutex`, an actor-free value box) and
/// return ``StoreChange/changed`` when a handler changed it:
///
/// ```swift
/// let counts = Mutex(0)
/// let store = StoreBase(dispatcher: dispatcher)
/// store.register(Increment.self) { _ in
///   counts.withLock { $0 += 1 }
///   return .changed
/// }
/// store.onChange { print("count:", counts.withLock { $0 }) }
/// ```
///
/// For state that is a value, ``ReduceStore`` does this bookkeeping for you.
///
/// ## Edges
/// - The store's handlers run in registration order inside its one dispatcher callback, whose
///   token is ``dispatchToken``. The change event is emitted once, after the last handler, and
///   only if one of them returned ``StoreChange/changed``; it is never emitted outside a
///   dispatch.
/// - A handler that throws stops the store's callback (no change event) and the dispatch.
/// - The store unregisters from the dispatcher when it is released, or on ``unregister()``.
///   Handlers must not capture the store strongly, or it is never released.
public final class StoreBase: FluxStore {
  /// The dispatcher the store is registered with.
  public let dispatcher: Dispatcher
  /// The token of the store's callback, for other stores' ``Dispatcher/waitFor(_:)``.
  public let dispatchToken: DispatchToken
  /// Emits ``StoreEvent/change`` after a dispatch that changed the store.
  public let emitter: EventEmitter<StoreEvent>
  @usableFromInline let handlers: StoreHandlers

  /// Creates a store and registers it with `dispatcher`.
  public init(dispatcher: Dispatcher) {
    let handlers = StoreHandlers()
    let emitter = EventEmitter<StoreEvent>()
    self.dispatcher = dispatcher
    self.handlers = handlers
    self.emitter = emitter
    // The callback holds the handlers and the emitter, never the store, so releasing the store
    // runs its deinit, which unregisters the callback.
    // Weak: the dispatcher holds this callback.
    dispatchToken = dispatcher.register { [weak dispatcher] dispatched in
      guard try handlers.handle(dispatched) == .changed else { return }
      handlers.markChanged(in: dispatcher?.currentDispatch())
      emitter.emit(.change)
    }
  }

  deinit { unregister() }

  /// Adds a handler for actions of type `A`; it returns whether it changed the store.
  ///
  /// Handlers added during a dispatch run from the next one.
  @inlinable
  public func register<A: FluxAction>(
    _ type: A.Type,
    _ handler: @escaping @Sendable (_ result: Result<A.Payload, A.Failure>) throws -> StoreChange
  ) {
    handlers.add { dispatched in
      guard let result = dispatched.result(of: A.self) else { return .unchanged }
      return try handler(result)
    }
  }

  /// Whether the store changed during the dispatch in progress (Facebook Flux's `hasChanged`).
  ///
  /// Call it from a dispatcher callback, typically after ``Dispatcher/waitFor(_:)`` with this
  /// store's ``dispatchToken``: it is `true` once one of the store's handlers returned
  /// ``StoreChange/changed`` for the current action, and `false` before the store's callback
  /// has run in this dispatch.
  ///
  /// - Throws: ``FluxError/hasChangedOutsideDispatch`` when the calling thread is not running a
  ///   dispatch of the store's dispatcher.
  public func hasChanged() throws(FluxError) -> Bool {
    guard let dispatch = dispatcher.currentDispatch() else { throw .hasChangedOutsideDispatch }
    return handlers.changed(in: dispatch)
  }

  /// Adds a handler that sees every action.
  @usableFromInline
  func registerForAll(_ handler: @escaping @Sendable (DispatchedAction) throws -> StoreChange) {
    handlers.add(handler)
  }

  /// Removes the store's callback from the dispatcher: its handlers stop receiving actions.
  ///
  /// Calling it again, or after unregistering ``dispatchToken`` by hand, does nothing.
  public func unregister() {
    try? dispatcher.unregister(dispatchToken)
  }
}

/// A store's handlers, shared between the store and its dispatcher callback.
@usableFromInline
final class StoreHandlers: Sendable {
  @usableFromInline typealias Handler = @Sendable (DispatchedAction) throws -> StoreChange
  private let handlers = Lock<[Handler]>([])
  /// The number of the last dispatch in which a handler changed the store.
  private let lastChange = Lock<UInt64?>(nil)

  @usableFromInline
  func add(_ handler: @escaping Handler) {
    handlers.withLock { $0.append(handler) }
  }

  func markChanged(in dispatch: UInt64?) {
    lastChange.withLock { $0 = dispatch }
  }

  func changed(in dispatch: UInt64) -> Bool {
    lastChange.withLock { $0 == dispatch }
  }

  /// Runs every handler and reports whether any changed the store.
  func handle(_ dispatched: DispatchedAction) throws -> StoreChange {
    var change = StoreChange.unchanged
    for handler in handlers.withLock({ $0 }) {
      if try handler(dispatched) == .changed { change = .changed }
    }
    return change
  }
}
