import ReduxCore

/// What a ``SagaTest`` run did, as its monitor saw it: the actions put, and the names of the
/// calls made.
final class SagaTestRecorder: Sendable {
  private let state = Lock<(puts: [any Action], calls: [String])>(([], []))

  /// Every action put, in the order the puts were made.
  var puts: [any Action] { state.withLock { $0.puts } }

  /// The names of the calls (`call`, `cps`, `retry`) made, in first-call order.
  var calls: [String] { state.withLock { $0.calls } }

  /// Records an effect that started; the saga middleware's monitor.
  @Sendable func record(_ event: SagaMonitorEvent) {
    guard case .started = event.phase else { return }
    switch event.effect {
    case .put(let action): state.withLock { $0.puts.append(action) }
    case .call(let name), .cps(let name):
      state.withLock { if !$0.calls.contains(name) { $0.calls.append(name) } }
    default: break
    }
  }
}
