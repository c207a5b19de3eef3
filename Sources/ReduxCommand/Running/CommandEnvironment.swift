import ReduxCore

/// Everything a running command part needs: its scope, where actions go, the ``Command/map(_:)``
/// transforms on the way, and the child feature it belongs to.
struct CommandEnvironment: Sendable {
  var scope: CommandScope
  let registry: CancellationRegistry
  let sink: CommandSink
  var transform: (@Sendable (any Action) -> any Action)?
  /// The child features the part runs in, outermost first: the namespace of its cancel ids.
  var path: [ChildFeatureID] = []

  /// Where work with `id` started in this environment is registered.
  func key(for id: CancelID) -> CancelKey {
    CancelKey(path: path, id: id)
  }

  /// Sends an action unless the scope was cancelled. The sink checks again where the action
  /// lands (see ``CommandEnvelope``), because a cancel may happen between here and there.
  func send(_ action: any Action) {
    guard scope.isActive else { return }
    sink(transform.map { $0(action) } ?? action, scope)
  }
}
