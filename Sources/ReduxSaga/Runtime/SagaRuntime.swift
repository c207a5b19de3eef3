import Logging
import ReduxCore
import ReduxSeam
import Synchronization

/// What every saga of one runtime shares, whatever the store's state type: the scheduler, the
/// takers, the error hook, the monitor, the test interceptor, and the store's work reporting.
@usableFromInline
final class SagaCore: Sendable {
  @usableFromInline let scheduler = SagaScheduler()
  @usableFromInline let takers = TakerList()
  let report: @Sendable (_ error: any Error, _ stack: [String]) -> Void
  let monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  /// What a ``SagaTest`` run replaces and records; nil outside a test.
  let interceptor: SagaInterceptor?
  /// The work ledger of the store the runtime is attached to; set once.
  private let ledger = Lock<WorkLedger?>(nil)
  private let effectIDs = Atomic<UInt64>(0)
  private let nodeCount = Atomic<UInt64>(0)

  init(
    report: @escaping @Sendable (_ error: any Error, _ stack: [String]) -> Void,
    monitor: (@Sendable (SagaMonitorEvent) -> Void)?, interceptor: SagaInterceptor?
  ) {
    self.report = report
    self.monitor = monitor
    self.interceptor = interceptor
  }

  /// A new id for a monitored effect; unique within the runtime.
  func nextEffectID() -> UInt64 {
    effectIDs.wrappingAdd(1, ordering: .relaxed).oldValue
  }

  /// The start order of a new saga.
  func nextNodeOrder() -> UInt64 {
    nodeCount.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// Connects work reporting to the store, once.
  func startWork(on ledger: WorkLedger) {
    self.ledger.withLock { if $0 == nil { $0 = ledger } }
  }

  /// Begins work on behalf of `origin`; nil without a store, or when it does not track `origin`.
  func beginWork(_ origin: ActionOrigin, _ description: () -> String) -> WorkHandle? {
    guard let ledger = ledger.withLock({ $0 }), origin.isTracked || ledger.tracksAll else {
      return nil
    }
    return ledger.record(origin: origin, description: description())
  }
}

/// A ``SagaMiddleware``'s runtime: the shared core, the clock, the store connection, and the
/// root sagas. Running sagas hold it; it never holds the store or the middleware.
@usableFromInline
final class SagaRuntime<State: Sendable>: Sendable {
  @usableFromInline let core: SagaCore
  let clock: any Clock<Duration>
  let onError: @Sendable (SagaError) -> Void
  /// What the sagas see of each action; nil: the action itself.
  @usableFromInline let emitter: SagaEmitter?
  /// What `select` reads for a saga run without a store (``runSaga``); nil with a store.
  private let getState: (@Sendable () -> State)?
  private let connection = Lock<MiddlewareContext<State>?>(nil)
  private let roots = Lock(Roots())

  private struct Roots {
    var nodes: [ObjectIdentifier: SagaNode] = [:]
    var isShutDown = false
  }

  init(
    clock: any Clock<Duration>, onError: (@Sendable (SagaError) -> Void)?, logger: Logger,
    monitor: (@Sendable (SagaMonitorEvent) -> Void)?, emitter: SagaEmitter? = nil,
    getState: (@Sendable () -> State)? = nil, interceptor: SagaInterceptor? = nil
  ) {
    let onError =
      onError ?? { report in
        logger.error("A saga failed: \(report)", metadata: ["sagaStack": "\(report.sagaStack)"])
      }
    self.clock = clock
    self.onError = onError
    self.emitter = emitter
    self.getState = getState
    core = SagaCore(
      report: { error, stack in onError(SagaError(error: error, sagaStack: stack)) },
      monitor: monitor, interceptor: interceptor)
  }

  @usableFromInline var scheduler: SagaScheduler { core.scheduler }

  /// Connects the runtime to its store; a runtime serves one store. The middleware connects
  /// the puts (see ``SagaMiddleware/middleware``).
  func attach(_ context: MiddlewareContext<State>) {
    let wasAttached = connection.withLock { connection in
      defer { if connection == nil { connection = context } }
      return connection != nil
    }
    precondition(
      !wasAttached, "A SagaMiddleware serves one store: create one SagaMiddleware per Store.")
    core.startWork(on: context.workLedger)
    // A test store lists the takes still waiting when no action arrived.
    context.workLedger.reportWaits { [takers = core.takers] in takers.waitDescriptions() }
  }

  /// Sends each put to `dispatch`, for a runtime without a store (``runSaga``): the putting
  /// saga resumes once `dispatch` returns.
  func dispatchPuts(to dispatch: @escaping @Sendable (any Action) -> Void) {
    core.scheduler.connect { put in
      dispatch(put.action)
      put.actionReduced()
      put.actionProcessed()
    }
  }

  /// The state `select` reads: the store's latest committed state, or `getState`'s.
  var state: State {
    if let getState { return getState() }
    return context.state
  }

  var context: MiddlewareContext<State> {
    guard let context = connection.withLock({ $0 }) else {
      preconditionFailure(
        "Create the Store with `sagaMiddleware.middleware` before running sagas on it.")
    }
    return context
  }

  /// Hands a reduced action to the sagas (the monitor first), through the emitter if any: the
  /// first action emitted at once; each later one after the one before it and its puts.
  @usableFromInline
  func deliver(_ action: any Action, origin: ActionOrigin) {
    if let monitor = core.monitor {
      monitor(
        SagaMonitorEvent(
          effectID: core.nextEffectID(), sagaStack: [], effect: .actionDispatched(action),
          phase: .resolved))
    }
    let core = core
    guard let emitter else {
      return core.takers.deliver(action, origin: origin, draining: core.scheduler)
    }
    var isFirst = true
    emitter(action) { emitted in
      if isFirst {
        isFirst = false
        core.takers.deliver(emitted, origin: origin, draining: core.scheduler)
      } else {
        core.scheduler.schedule(
          .run { core.takers.deliver(emitted, origin: origin, draining: core.scheduler) },
          afterPuts: true)
      }
    }
  }

  /// Starts a root saga on the calling thread, which runs it up to its first wait.
  func startRoot<Value: Sendable>(
    name: String, context: [String: any Sendable] = [:],
    _ body: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let node = SagaNode(name: name, above: nil, core: core)
    if !context.isEmpty { node.withState { $0.context = context } }
    if let monitor = core.monitor {
      monitor(
        SagaMonitorEvent(
          effectID: core.nextEffectID(), sagaStack: [name], effect: .rootSaga(name),
          phase: .started))
    }
    return start(node, origin: .untracked, body)
  }

  /// Starts a root or spawned saga, which reports its own errors and is cancelled with the
  /// runtime.
  func start<Value: Sendable>(
    _ node: SagaNode, origin: ActionOrigin,
    _ body: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let isShutDown = roots.withLock { roots in
      if !roots.isShutDown { roots.nodes[ObjectIdentifier(node)] = node }
      return roots.isShutDown
    }
    if isShutDown { node.cancel() }
    node.onFinish { [self] in
      _ = roots.withLock { $0.nodes.removeValue(forKey: ObjectIdentifier(node)) }
    }
    node.beginWork(origin: origin)
    return node.launch(runtime: self, body)
  }

  /// Cancels every running saga; later ones start cancelled.
  func shutDown() {
    let nodes = roots.withLock { roots in
      roots.isShutDown = true
      return Array(roots.nodes.values)
    }
    core.scheduler.withDrain {
      for node in nodes { node.cancel() }
    }
  }
}
