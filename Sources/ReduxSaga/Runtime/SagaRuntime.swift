import ReduxCore

/// What every saga of one ``SagaMiddleware`` shares: the store connection, the action hub, the
/// clock and the hooks. Running sagas hold it; it never holds the store or the middleware.
final class SagaRuntime<State: Sendable>: Sendable {
  let hub = ActionHub()
  let clock: any Clock<Duration>
  let onError: @Sendable (SagaError) -> Void
  let monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  let stubs: Protected<[String: CallStub]> = Protected([:])
  private let connection = Protected<MiddlewareContext<State>?>(nil)
  private let roots = Protected(Roots())
  private let effectIDs = Protected<UInt64>(0)

  private struct Roots {
    var nodes: [ObjectIdentifier: SagaNode] = [:]
    var isShutDown = false
  }

  init(
    clock: any Clock<Duration>,
    onError: @escaping @Sendable (SagaError) -> Void,
    monitor: (@Sendable (SagaMonitorEvent) -> Void)?
  ) {
    self.clock = clock
    self.onError = onError
    self.monitor = monitor
  }

  /// Connects the runtime to its store; a runtime serves one store.
  func attach(_ context: MiddlewareContext<State>) {
    let wasAttached = connection.withLock { connection in
      defer { if connection == nil { connection = context } }
      return connection != nil
    }
    precondition(
      !wasAttached,
      "A SagaMiddleware serves one store: create one SagaMiddleware per Store.")
  }

  var context: MiddlewareContext<State> {
    guard let context = connection.withLock({ $0 }) else {
      preconditionFailure(
        "Create the Store with `sagaMiddleware.middleware` before running sagas on it.")
    }
    return context
  }

  /// Starts a root (or spawned) node, which reports its own errors.
  func start<Value: Sendable>(
    _ node: SagaNode, _ body: sending @escaping (SagaContext<State>) async throws -> Value
  ) -> SagaTask<Value> {
    let isShutDown = roots.withLock { roots in
      if !roots.isShutDown { roots.nodes[ObjectIdentifier(node)] = node }
      return roots.isShutDown
    }
    if isShutDown { node.cancel() }
    node.onFinish { [roots] in
      _ = roots.withLock { $0.nodes.removeValue(forKey: ObjectIdentifier(node)) }
    }
    return SagaTask(node: node, task: node.launch(runtime: self, body))
  }

  func makeRootNode(name: String) -> SagaNode {
    SagaNode(name: name, stack: [name], parent: nil) { [onError] error, stack in
      onError(SagaError(error: error, sagaStack: stack))
    }
  }

  /// Cancels every running saga; later ones start cancelled.
  func shutDown() {
    let nodes = roots.withLock { roots in
      roots.isShutDown = true
      return Array(roots.nodes.values)
    }
    for node in nodes { node.cancel() }
  }

  func nextEffectID() -> UInt64 {
    effectIDs.withLock { id in
      defer { id += 1 }
      return id
    }
  }
}

/// A replacement for a named `call`, installed by ``SagaTest``.
struct CallStub: Sendable {
  let run: @Sendable (_ argument: any Sendable) async throws -> any Sendable
}
