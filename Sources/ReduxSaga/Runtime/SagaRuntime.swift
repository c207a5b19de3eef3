import Logging
import ReduxCore
import ReduxSeam

/// What every saga of one ``SagaMiddleware`` shares: the store connection, the action hub, the
/// scheduler, the clock and the hooks. Running sagas hold it; it never holds the store or the
/// middleware.
@usableFromInline
final class SagaRuntime<State: Sendable>: Sendable {
  @usableFromInline let hub = ActionHub()
  @usableFromInline let scheduler = SagaScheduler()
  let clock: any Clock<Duration>
  let onError: @Sendable (SagaError) -> Void
  let monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  /// What the sagas see of each action; nil: the action itself.
  let emitter: SagaEmitter?
  /// The calls a ``SagaTest`` replaced, by name; nil outside a test, so a call never looks.
  let stubs: [String: CallStub]?
  /// What a ``SagaTest`` run records (calls, takes that END ended); nil outside a test.
  let recorder: SagaTestRecorder?
  let hooks: NodeHooks
  /// What `select` reads for a saga run without a store (``runSaga``); nil with a store.
  private let getState: (@Sendable () -> State)?
  private let connection = Lock<MiddlewareContext<State>?>(nil)
  private let roots = Lock(Roots())

  private struct Roots {
    var nodes: [ObjectIdentifier: SagaNode] = [:]
    var isShutDown = false
  }

  init(
    clock: any Clock<Duration>,
    onError: (@Sendable (SagaError) -> Void)?,
    logger: Logger,
    monitor: (@Sendable (SagaMonitorEvent) -> Void)?,
    emitter: SagaEmitter? = nil,
    getState: (@Sendable () -> State)? = nil,
    stubs: [String: CallStub]? = nil,
    recorder: SagaTestRecorder? = nil
  ) {
    self.clock = clock
    self.stubs = stubs
    self.recorder = recorder
    let onError =
      onError ?? { report in
        logger.error("A saga failed: \(report)", metadata: ["sagaStack": "\(report.sagaStack)"])
      }
    self.onError = onError
    self.monitor = monitor
    self.emitter = emitter
    self.getState = getState
    hooks = NodeHooks(
      scheduler: scheduler, hub: hub,
      report: { error, stack in onError(SagaError(error: error, sagaStack: stack)) },
      monitor: monitor)
  }

  /// Connects the runtime to its store; a runtime serves one store. `deliver` dispatches each
  /// held put through `context` and resumes the putting saga once it has been processed.
  func attach(
    _ context: MiddlewareContext<State>, route: PutRoute
  ) {
    let wasAttached = connection.withLock { connection in
      defer { if connection == nil { connection = context } }
      return connection != nil
    }
    precondition(
      !wasAttached,
      "A SagaMiddleware serves one store: create one SagaMiddleware per Store.")
    hooks.startWork(on: context.workLedger)
    // A test store lists the takes still waiting when no action arrived.
    context.reportWaits { [hub] in hub.waitDescriptions() }
    scheduler.deliverPuts(through: route)
  }

  /// Sends each held put to `dispatch`, for a runtime without a store (``runSaga``): the
  /// putting saga resumes once `dispatch` returns.
  func dispatchPuts(to dispatch: @escaping @Sendable (any Action) -> Void) {
    scheduler.deliverPuts(
      through: PutRoute(
        deliver: { put in
          dispatch(put.action)
          // Processed once `dispatch` returns; nothing to look at.
          put.actionProcessed()
        }))
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

  /// Hands a reduced action to the sagas through the emitter, if any, each emitted action in
  /// its own drain (so the sagas it resumes wait again before the next); the monitor hears
  /// it first.
  @usableFromInline
  func deliver(_ action: any Action, origin: ActionOrigin) {
    if let monitor {
      monitor(
        SagaMonitorEvent(
          effectID: nextEffectID(), sagaStack: [], effect: .actionDispatched(action),
          phase: .resolved))
    }
    guard let emitter else { return deliverToSagas(action, origin: origin) }
    emitter(action) { emitted in deliverToSagas(emitted, origin: origin) }
  }

  private func deliverToSagas(_ action: any Action, origin: ActionOrigin) {
    hub.deliver(action, origin: origin, draining: scheduler)
  }

  /// Starts a root saga on the calling thread, which runs it up to its first wait.
  func startRoot<Value: Sendable>(
    name: String, context: [String: any Sendable] = [:],
    _ body: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let node = makeRootNode(name: name)
    node.inheritContext(context)
    if let monitor {
      monitor(
        SagaMonitorEvent(
          effectID: nextEffectID(), sagaStack: [name], effect: .rootSaga(name), phase: .started))
    }
    let claimed = scheduler.beginDrain()
    defer { if claimed { scheduler.endDrain() } }
    return start(node, origin: .untracked, body)
  }

  /// Starts a root (or spawned) node, which reports its own errors.
  func start<Value: Sendable>(
    _ node: SagaNode, origin: ActionOrigin, immediately: Bool = false,
    _ body: @escaping @Sendable (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let isShutDown = roots.withLock { roots in
      if !roots.isShutDown { roots.nodes[ObjectIdentifier(node)] = node }
      return roots.isShutDown
    }
    if isShutDown { node.cancel() }
    // Holds the runtime until the root finishes, as the root's own context does.
    node.onFinish { [self] in
      _ = roots.withLock { $0.nodes.removeValue(forKey: ObjectIdentifier(node)) }
    }
    node.beginWork(origin: origin)
    return SagaTask(node: node, task: node.launch(runtime: self, immediately: immediately, body))
  }

  func makeRootNode(name: String) -> SagaNode {
    SagaNode(name: name, above: nil, hooks: hooks)
  }

  /// Cancels every running saga; later ones start cancelled.
  func shutDown() {
    let nodes = roots.withLock { roots in
      roots.isShutDown = true
      return Array(roots.nodes.values)
    }
    scheduler.withDrain {
      for node in nodes { node.cancel() }
    }
  }

  func nextEffectID() -> UInt64 {
    hooks.nextEffectID()
  }
}
