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

  /// Creates the runtime of a ``SagaTest`` run, which reaches it through `interceptor`.
  init(clock: any Clock<Duration>, interceptor: SagaInterceptor) {
    runtime = SagaRuntime(
      clock: clock, onError: nil, logger: Logger(label: "ReduxSaga"),
      monitor: interceptor.recorder.record, interceptor: interceptor)
  }

  /// The middleware to give the one `Store` these sagas run against.
  ///
  /// It reduces each action first (`next(action)`), then hands it to the sagas. When the store
  /// that holds it is released, the running sagas are cancelled.
  @inlinable
  public var middleware: Middleware<State> {
    // Inlinable, so that these closures are specialized for the app's State: the store's
    // tracked dispatch that a put takes, and the origin read for each delivery, then ask the
    // runtime for no generic metadata (ModuleProfile's `saga-sync`).
    let link = StoreLink(runtime: runtime)
    let core = runtime.core
    return Middleware(
      onAttach: { context in
        link.attach(context)
        core.scheduler.connect { put in context.dispatch(put) }
      },
      { context, action, next in
        next(action)
        // The sagas this action resumes run now, inside this dispatch, up to their next wait.
        if link.isDirect {
          core.takers.deliver(
            action, origin: context.workLedger.processingOrigin, draining: core.scheduler)
        } else {
          link.runtime.deliver(action, origin: context.workLedger.processingOrigin)
        }
      })
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

/// Ties a runtime to the store that holds its middleware: releasing that store (and with it the
/// middleware's chain, which holds the link) cancels the sagas. Copies of the middleware that
/// never reach a store do nothing.
@usableFromInline
final class StoreLink<State: Sendable>: Sendable {
  @usableFromInline let runtime: SagaRuntime<State>
  /// Whether actions go straight to the takers: no emitter routes them, no monitor hears them.
  @usableFromInline let isDirect: Bool
  private let isAttached = Lock(false)

  @usableFromInline
  init(runtime: SagaRuntime<State>) {
    self.runtime = runtime
    isDirect = runtime.emitter == nil && runtime.core.monitor == nil
  }

  @usableFromInline
  func attach(_ context: MiddlewareContext<State>) {
    runtime.attach(context)
    isAttached.withLock { $0 = true }
  }

  deinit {
    if isAttached.withLock({ $0 }) { runtime.shutDown() }
  }
}
