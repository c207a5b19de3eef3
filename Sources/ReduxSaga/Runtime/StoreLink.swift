import ReduxCore
import Synchronization

/// Ties a runtime to the store that holds its middleware: releasing that store cancels the
/// sagas. Copies of the middleware that never reach a store do nothing.
@usableFromInline
final class StoreLink<State: Sendable>: Sendable {
  @usableFromInline let runtime: SagaRuntime<State>
  @usableFromInline let hub: ActionHub
  /// Whether actions go straight to the hub: no emitter routes them and no monitor hears them.
  @usableFromInline let isDirect: Bool
  private let isAttached = Atomic<Bool>(false)

  @usableFromInline
  init(runtime: SagaRuntime<State>) {
    self.runtime = runtime
    self.hub = runtime.hub
    isDirect = runtime.emitter == nil && runtime.monitor == nil
  }

  /// Connects the runtime to its store; `deliver` dispatches each held put (see `PutRoute`).
  @usableFromInline
  func attach(
    _ context: MiddlewareContext<State>, deliver: @escaping @Sendable (any PendingPut) -> Void
  ) {
    runtime.attach(context, route: PutRoute(deliver: deliver))
    isAttached.store(true, ordering: .releasing)
  }

  deinit {
    if isAttached.load(ordering: .acquiring) { runtime.shutDown() }
  }
}
