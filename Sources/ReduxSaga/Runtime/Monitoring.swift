import ReduxCore
import ReduxSeam

// How effects reach the runtime's monitor (``SagaMonitorEvent``): each effect gets an id, a
// `started` event, then one ending event. Nothing is built, not even the effect's description,
// when there is no monitor.

extension SagaNode {
  /// Reports that an effect of this saga started; returns its id, or nil without a monitor.
  func effectStarted(_ effect: @autoclosure () -> SagaEffect) -> UInt64? {
    guard core.monitor != nil else { return nil }
    let id = core.nextEffectID()
    effectStarted(id, effect())
    return id
  }

  /// Reports that the effect with a given id started.
  func effectStarted(_ id: UInt64, _ effect: SagaEffect) {
    core.monitor?(SagaMonitorEvent(effectID: id, sagaStack: stack, effect: effect, phase: .started))
  }

  /// Reports that the effect with a given id ended.
  func effectEnded(_ id: UInt64, _ effect: SagaEffect, _ phase: SagaMonitorEvent.Phase) {
    core.monitor?(SagaMonitorEvent(effectID: id, sagaStack: stack, effect: effect, phase: phase))
  }

  /// Runs a waiting effect's work and reports its end to the monitor.
  func monitored<Value>(
    _ effectID: UInt64?, _ effect: @autoclosure () -> SagaEffect,
    _ body: () async throws -> Value
  ) async throws -> Value {
    guard let effectID else { return try await body() }
    do {
      let value = try await body()
      effectEnded(effectID, effect(), .resolved)
      return value
    } catch {
      effectEnded(effectID, effect(), error is CancellationError ? .cancelled : .rejected(error))
      throw error
    }
  }
}

extension SagaContext {
  /// Runs a waiting effect: checks cancellation first, then reports it to the monitor.
  func perform<Value>(
    _ effect: @autoclosure () -> SagaEffect, _ body: () async throws -> Value
  ) async throws -> Value {
    try checkCancellation()
    return try await node.monitored(node.effectStarted(effect()), effect(), body)
  }
}
