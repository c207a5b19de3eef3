extension SagaNode {
  /// Reports that an effect of this saga started; returns its id, or `nil` without a monitor.
  func effectStarted(_ effect: @autoclosure () -> SagaEffect) -> UInt64? {
    guard let monitor = hooks.monitor else { return nil }
    let id = hooks.nextEffectID()
    monitor(SagaMonitorEvent(effectID: id, sagaStack: stack, effect: effect(), phase: .started))
    return id
  }

  /// Reports that the effect with a given id (from `hooks.nextEffectID()`) started.
  func effectStarted(_ id: UInt64, _ effect: SagaEffect) {
    hooks.monitor?(
      SagaMonitorEvent(effectID: id, sagaStack: stack, effect: effect, phase: .started))
  }

  /// Reports that the effect with a given id ended.
  func effectEnded(_ id: UInt64, _ effect: SagaEffect, _ phase: SagaMonitorEvent.Phase) {
    hooks.monitor?(SagaMonitorEvent(effectID: id, sagaStack: stack, effect: effect, phase: phase))
  }
}
