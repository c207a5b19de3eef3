import ReduxCore

/// Everything a running command part needs: its scope, where actions go, and the ``Command/map(_:)``
/// transforms on the way.
struct CommandEnvironment: Sendable {
  var scope: CommandScope
  let registry: CancellationRegistry
  let sink: CommandSink
  var transform: (@Sendable (any Action) -> any Action)?

  /// Sends an action unless the scope was cancelled. The sink checks again where the action
  /// lands (see ``CommandEnvelope``), because a cancel may happen between here and there.
  func send(_ action: any Action) {
    guard scope.isActive else { return }
    sink(transform.map { $0(action) } ?? action, scope)
  }
}
