import Logging
import ReduxCore
import ReduxSeam

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
/// With no saga waiting, the per-action cost is one atomic load: no lock, no allocation.
///
/// ## Lifetime
/// Sagas hold the store weakly. When the store is released, every running saga is cancelled,
/// even if you still hold the `SagaMiddleware`; sagas started after that start cancelled.
///
/// ## Errors
/// An error that escapes a root saga (or a spawned one) goes to `onError` with the names of
/// the sagas it passed through; the store and the other sagas keep running.
public final class SagaMiddleware<State: Sendable>: Sendable {
  @usableFromInline let runtime: SagaRuntime<State>

  /// Creates a saga runtime.
  ///
  /// - Parameters:
  ///   - clock: The clock `delay`, `throttle`, `debounce` and `retry` wait on; inject a test
  ///     clock in tests.
  ///   - onError: Called with each error that ends a root or spawned saga, on the thread that
  ///     runs sagas at that moment. Without it, the error and its saga stack are logged at
  ///     error level through `logger` (redux-saga logs them too): no failure is silent.
  ///   - logger: Where failures go when there is no `onError`; label `ReduxSaga` by default.
  ///   - monitor: Called as effects start and end, as root sagas start and as actions reach the
  ///     sagas (see ``SagaEffect``), on the thread that runs sagas; keep it fast.
  ///   - emitter: Decides what the sagas see of each reduced action (see ``SagaEmitter``);
  ///     without it they see each action as dispatched, at no cost to the dispatch.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    onError: (@Sendable (SagaError) -> Void)? = nil,
    logger: Logger = Logger(label: "ReduxSaga"),
    monitor: (@Sendable (SagaMonitorEvent) -> Void)? = nil,
    emitter: SagaEmitter? = nil
  ) {
    runtime = SagaRuntime(
      clock: clock, onError: onError, logger: logger, monitor: monitor, emitter: emitter)
  }

  /// Creates the runtime of a ``SagaTest`` run: named calls in `stubs` run the stub instead.
  init(clock: any Clock<Duration>, stubs: [String: CallStub], recorder: SagaTestRecorder) {
    runtime = SagaRuntime(
      clock: clock, onError: nil, logger: Logger(label: "ReduxSaga"), monitor: recorder.record,
      stubs: stubs, recorder: recorder)
  }

  /// The middleware to give the one `Store` these sagas run against.
  ///
  /// It reduces each action first (`next(action)`), then hands it to the sagas. When the store
  /// that holds it is released, the running sagas are cancelled.
  @inlinable
  public var middleware: Middleware<State> {
    // Inlinable: the app's module specializes these closures for its State, so the store's
    // tracked dispatch path that a put takes, and the processing origin read for each
    // delivery, run specialized code (unspecialized, they asked the runtime for generic
    // metadata).
    let link = StoreLink(runtime: runtime)
    // The hub and the scheduler captured themselves: reached through the link, each delivery
    // retained and released them.
    let hub = link.hub
    let scheduler = runtime.scheduler
    // The body keeps the link: the link lives exactly as long as the store's chain.
    let body: @Sendable (MiddlewareContext<State>, any Action, Middleware<State>.Next) -> Void = {
      context, action, next in
      next(action)
      // An emitter or a monitor (rare) takes the runtime's own, slower path.
      guard link.isDirect else {
        link.runtime.deliver(action, origin: context.processingOrigin)
        return
      }
      // The sagas this action resumes run now, inside this dispatch, up to their next wait.
      hub.deliver(action, origin: context.processingOrigin, draining: scheduler)
    }
    return Middleware(
      onAttach: { context in
        // The held put hears when its action has been processed, and resumes its saga then.
        link.attach(context, deliver: { put in context.dispatch(put) })
      }, body)
  }

  /// Starts a root saga written as a closure, and returns its handle.
  ///
  /// The saga runs at once, on the calling thread, up to its first wait (a `take`, an async
  /// `call`, a `delay`...): its first `take` is registered, and the puts it made before that
  /// wait have been dispatched, when `run` returns. Call it after the store exists.
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
    return runtime.startRoot(name: name, saga)
  }

  /// Starts a root saga written as a ``Saga`` subclass, and returns its handle.
  @discardableResult
  public func run(_ saga: sending Saga<State>) -> SagaTask<Void> {
    _ = runtime.context
    let name = saga.name
    let handoff = SagaHandoff(saga)
    return runtime.startRoot(name: name) { context in
      guard let saga = handoff.take() else { return }
      try await saga.run(context)
    }
  }
}

/// Hands a ``Saga`` that was sent to ``SagaMiddleware/run(_:)`` on to the saga's task, which
/// takes it once.
private final class SagaHandoff<State: Sendable>: Sendable {
  private let saga: Lock<Saga<State>?>

  init(_ saga: sending Saga<State>) {
    self.saga = Lock(saga)
  }

  func take() -> sending Saga<State>? {
    saga.withLock { $0.take() }
  }
}
