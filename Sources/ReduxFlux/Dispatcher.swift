import ReduxCore
import ReduxSeam

/// Sends each action to every registered callback, one dispatch at a time: the hub of Flux.
///
/// Stores register callbacks; an action is dispatched with its `Result`, and every callback
/// registered for its type (and every callback registered for all actions) runs, in
/// registration order, on the dispatching thread.
///
/// ```swift
/// let dispatcher = Dispatcher()
/// let token = dispatcher.register(CreateTodo.self) { result in
///   if case .success(let todo) = result { print("created", todo.title) }
/// }
/// try dispatcher.dispatch(CreateTodo(title: "Milk"), result: .success(Todo(title: "Milk")))
/// try dispatcher.unregister(token)
/// ```
///
/// ## Rules, as typed errors
/// Facebook Flux's invariants hold, and breaking one throws a ``FluxError`` instead of crashing:
/// dispatching from inside a callback (``FluxError/dispatchDuringDispatch(attempted:inProgress:)``),
/// `waitFor` outside a dispatch, a circular `waitFor`, and an unknown token. When a callback
/// throws, the rest of that dispatch is skipped, the error is thrown from ``dispatch(_:result:)``,
/// and the next dispatch works normally.
///
/// ## Threads
/// A dispatcher is `Sendable`. Dispatches are serialized: while one runs, a dispatch from
/// another thread blocks until it ends, and waiting dispatches take their turns in the order
/// they arrived. None is lost and no two interleave. The dispatcher tells the two kinds of
/// "dispatch while dispatching" apart by thread: the dispatch in progress owns the thread it
/// runs on, and its callbacks run synchronously there, so a dispatch on the owner thread can
/// only come from inside a callback and is refused, while one on any other thread waits. A
/// `Task` started from a callback runs elsewhere or after the dispatch, so it may dispatch.
/// ``unregister(_:)`` from another thread waits while the callback it removes is running, so
/// once it returns that callback is neither running nor ever entered again. Because other
/// threads wait, a callback must not block on another thread that dispatches or unregisters.
public final class Dispatcher: Sendable {
  private let state = Lock(DispatcherState())

  /// Creates a dispatcher with no callbacks.
  public init() {}

  /// Whether a dispatch is running (on any thread).
  public var isDispatching: Bool { state.withLock { $0.owner != nil } }

  // MARK: Registering

  /// Registers a callback for actions of type `A`; it receives each dispatched `Result`.
  ///
  /// Callbacks run in registration order on the dispatching thread. One registered during a
  /// dispatch first runs on the next dispatch. If it throws, the dispatch stops and throws
  /// ``FluxError/callbackFailed(token:error:)`` (or the ``FluxError`` it threw).
  ///
  /// - Returns: A token for ``unregister(_:)`` and ``waitFor(_:)``.
  @discardableResult
  public func register<A: FluxAction>(
    _ type: A.Type,
    _ callback: @escaping @Sendable (_ result: Result<A.Payload, A.Failure>) throws -> Void
  ) -> DispatchToken {
    register { dispatched in
      if let result = dispatched.result(of: A.self) { try callback(result) }
    }
  }

  /// Registers a callback for every action, the form Facebook Flux uses.
  ///
  /// Use ``DispatchedAction/result(of:)`` to pick out the types it cares about.
  ///
  /// - Returns: A token for ``unregister(_:)`` and ``waitFor(_:)``.
  @discardableResult
  public func register(
    _ callback: @escaping @Sendable (_ dispatched: DispatchedAction) throws -> Void
  ) -> DispatchToken {
    let id = state.withLock { $0.register(callback) }
    return DispatchToken(dispatcher: ObjectIdentifier(self), id: id)
  }

  /// Removes a callback; once this returns, the callback is not running and is never called
  /// again, not even later in a dispatch in progress.
  ///
  /// Called from another thread while the callback is running (or about to be entered) in a
  /// dispatch, `unregister` waits until it has returned, so you may release what the callback
  /// uses as soon as `unregister` returns. Called from inside a callback of the dispatch (the
  /// dispatching thread), it returns at once, and the callback, if it is still to come in this
  /// dispatch, is skipped. Because of that wait, a callback must not block on a thread that
  /// unregisters it.
  ///
  /// - Throws: ``FluxError/unknownToken(_:)`` when the token is not registered here (never
  ///   was, or already removed).
  public func unregister(_ token: DispatchToken) throws(FluxError) {
    guard token.dispatcher == ObjectIdentifier(self) else { throw .unknownToken(token) }
    let thread = ThreadIdentity.current
    let removed = state.withLock { $0.unregister(token.id, on: thread) }
    guard let removed else { throw .unknownToken(token) }
    removed.waiter?.wait()
  }

  // MARK: Dispatching

  /// Sends `action` with its `result` to the callbacks, and returns when all of them ran.
  ///
  /// Safe from any thread: if another thread is dispatching, this call waits for its turn.
  ///
  /// - Throws: ``FluxError/dispatchDuringDispatch(attempted:inProgress:)`` when called from
  ///   inside a callback of this dispatcher (nothing is dispatched);
  ///   ``FluxError/callbackFailed(token:error:)`` or another ``FluxError`` when a callback
  ///   throws (later callbacks are skipped).
  public func dispatch<A: FluxAction>(
    _ action: A, result: Result<A.Payload, A.Failure>
  ) throws(FluxError) {
    try dispatch(DispatchedAction(action, result: result))
  }

  /// Sends `action` with a successful `payload`; see ``dispatch(_:result:)``.
  public func dispatch<A: FluxAction>(_ action: A, payload: A.Payload) throws(FluxError) {
    try dispatch(DispatchedAction(action, result: .success(payload)))
  }

  /// Sends `action` with a failure; see ``dispatch(_:result:)``.
  public func dispatch<A: FluxAction>(_ action: A, error: A.Failure) throws(FluxError) {
    try dispatch(DispatchedAction(action, result: .failure(error)))
  }

  /// Sends an action whose payload is `Void` as a success; see ``dispatch(_:result:)``.
  public func dispatch<A: FluxAction>(_ action: A) throws(FluxError) where A.Payload == Void {
    try dispatch(DispatchedAction(action, result: .success(())))
  }

  private func dispatch(_ dispatched: DispatchedAction) throws(FluxError) {
    let thread = ThreadIdentity.current
    switch state.withLock({ $0.requestTurn(for: thread, dispatching: dispatched) }) {
    case .granted:
      break
    case .reentrant(let inProgress):
      throw .dispatchDuringDispatch(attempted: dispatched.actionName, inProgress: inProgress)
    case .wait(let waiter):
      waiter.wait()  // woken as the owner of the turn
    }
    defer {
      let (next, _) = state.withLock { $0.finish() }
      next?.wake()
    }
    let ids = state.withLock { $0.begin(dispatched) }
    let me = ObjectIdentifier(self)
    for id in ids {
      try invoke(DispatchToken(dispatcher: me, id: id), dispatched, waitedFor: false)
    }
  }

  /// The number of the dispatch that the calling thread is running, or `nil` when it is not
  /// running one (no dispatch, or one on another thread).
  func currentDispatch() -> UInt64? {
    let thread = ThreadIdentity.current
    return state.withLock { $0.owner == thread && $0.current != nil ? $0.dispatchNumber : nil }
  }

  /// Runs the callbacks for `tokens` now, unless they already ran in this dispatch; call it
  /// from a callback that needs other stores updated first.
  ///
  /// ```swift
  /// dispatcher.register(CreateTodo.self) { result in
  ///   try dispatcher.waitFor([todoStore.dispatchToken])
  ///   // todoStore has handled this action.
  /// }
  /// ```
  ///
  /// - Throws: ``FluxError/waitForOutsideDispatch`` when the calling thread is not running a
  ///   dispatch; ``FluxError/circularWaitFor(cycle:)`` when a token is still running further
  ///   up the chain of waits; ``FluxError/unknownToken(_:)`` for a token not registered here;
  ///   and what the awaited callbacks throw.
  public func waitFor(_ tokens: [DispatchToken]) throws(FluxError) {
    let thread = ThreadIdentity.current
    let current = state.withLock { $0.owner == thread ? $0.current : nil }
    guard let current else { throw .waitForOutsideDispatch }
    let me = ObjectIdentifier(self)
    for token in tokens {
      guard token.dispatcher == me else { throw .unknownToken(token) }
      try invoke(token, current, waitedFor: true)
    }
  }

  private func invoke(
    _ token: DispatchToken, _ dispatched: DispatchedAction, waitedFor: Bool
  ) throws(FluxError) {
    switch state.withLock({ $0.step(for: token, waitedFor: waitedFor) }) {
    case .skip:
      return
    case .fail(let error):
      throw error
    case .run(let callback):
      do {
        try callback(dispatched)
      } catch let error as FluxError {
        callEnded(token, handled: false)
        throw error
      } catch {
        callEnded(token, handled: false)
        throw .callbackFailed(token: token, error: error)
      }
      callEnded(token, handled: true)
    }
  }

  private func callEnded(_ token: DispatchToken, handled: Bool) {
    for waiter in state.withLock({ $0.callEnded(token, handled: handled) }) { waiter.wake() }
  }
}
