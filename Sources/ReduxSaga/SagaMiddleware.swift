import ReduxCore

/// Runs sagas alongside a `Store`: plug its ``middleware`` into the store, then ``run(_:_:)``
/// sagas.
///
/// ```swift
/// let sagas = SagaMiddleware<AppState>(onError: { report in logger.error("\(report)") })
/// let store = Store(initialState: AppState(), reducer: appReducer, middleware: [sagas.middleware])
/// sagas.run("fetchUser", fetchUserSaga)
/// ```
///
/// The middleware passes each action to the reducer first and then to the sagas, so a saga's
/// `take` sees actions after they are reduced and `select` reads the state that includes them.
/// With no saga waiting, the per-action cost is one uncontended lock.
///
/// ## Lifetime
/// Sagas hold the store weakly. When the store is released, every running saga is cancelled,
/// even if you still hold the `SagaMiddleware`; sagas started after that start cancelled.
///
/// ## Errors
/// An error that escapes a root saga (or a spawned one) goes to `onError` with the names of
/// the sagas it passed through; the store and the other sagas keep running.
public final class SagaMiddleware<State: Sendable>: Sendable {
  let runtime: SagaRuntime<State>

  /// Creates a saga runtime.
  ///
  /// - Parameters:
  ///   - clock: The clock `delay`, `throttle`, `debounce` and `retry` wait on; inject a test
  ///     clock in tests.
  ///   - onError: Called with each error that ends a root or spawned saga, on the thread of the
  ///     failing saga.
  ///   - monitor: Called as effects start and end, on the saga's thread; keep it fast.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    onError: @escaping @Sendable (SagaError) -> Void = { _ in },
    monitor: (@Sendable (SagaMonitorEvent) -> Void)? = nil
  ) {
    runtime = SagaRuntime(clock: clock, onError: onError, monitor: monitor)
  }

  /// The middleware to give the one `Store` these sagas run against.
  ///
  /// It reduces each action first (`next(action)`), then hands it to the sagas. When the store
  /// that holds it is released, the running sagas are cancelled.
  public var middleware: Middleware<State> {
    let link = StoreLink(runtime: runtime)
    let body: @Sendable (MiddlewareContext<State>, any Action, Middleware<State>.Next) -> Void = {
      _, action, next in
      next(action)
      link.hub.emit(action)
    }
    return Middleware(onAttach: { context in link.attach(context) }, body)
  }

  /// Starts a root saga written as a closure, and returns its handle.
  ///
  /// The saga starts at once on a new task. Call it after the store exists.
  ///
  /// - Parameters:
  ///   - name: The saga's name in saga stacks and monitor events.
  ///   - saga: The saga's body; its effects are methods of the context it gets.
  @discardableResult
  public func run<Value: Sendable>(
    _ name: String = "root",
    _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    _ = runtime.context
    return runtime.start(runtime.makeRootNode(name: name), saga)
  }

  /// Starts a root saga written as a ``Saga`` subclass, and returns its handle.
  @discardableResult
  public func run(_ saga: sending Saga<State>) -> SagaTask<Void> {
    _ = runtime.context
    let name = saga.name
    return runtime.start(runtime.makeRootNode(name: name)) { context in
      try await saga.run(context)
    }
  }
}

/// Ties a runtime to the store that holds its middleware: releasing that store cancels the
/// sagas. Copies of the middleware that never reach a store do nothing.
private final class StoreLink<State: Sendable>: Sendable {
  let runtime: SagaRuntime<State>
  let hub: ActionHub
  private let isAttached = Protected(false)

  init(runtime: SagaRuntime<State>) {
    self.runtime = runtime
    self.hub = runtime.hub
  }

  func attach(_ context: MiddlewareContext<State>) {
    runtime.attach(context)
    isAttached.withLock { $0 = true }
  }

  deinit {
    if isAttached.withLock({ $0 }) { runtime.shutDown() }
  }
}
