import ReduxCore
import ReduxSeam

// How effects reach the runtime's monitor (``SagaMonitorEvent``): each effect gets an id, a
// `started` event, then one ending event. Nothing is built, not even the effect's description,
// when there is no monitor. And the one seam through which a ``SagaTest`` reaches the runtime:
// the interceptor, which replaces named calls and records what the sagas did.

/// What a ``SagaTest`` run gives its runtime: the stubs that replace named calls, and the
/// recorder of calls and of the waits END ended. Consulted only by `call`, `cps`, `retry` and
/// at END; outside a test the runtime has none.
struct SagaInterceptor: Sendable {
  let stubs: [String: CallStub]
  let recorder: SagaTestRecorder
}

/// A replacement for a named `call`.
struct CallStub: Sendable {
  let run: @Sendable (_ argument: any Sendable) async throws -> any Sendable
}

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
  /// Reports that an effect started; returns its id, or nil when nobody monitors.
  func started(_ effect: @autoclosure () -> SagaEffect) -> UInt64? {
    node.effectStarted(effect())
  }

  /// Reports that the effect with a given id (from ``started(_:)``) ended.
  func report(_ id: UInt64, _ effect: SagaEffect, _ phase: SagaMonitorEvent.Phase) {
    node.effectEnded(id, effect, phase)
  }

  /// Runs a waiting effect: checks cancellation first, then reports it to the monitor.
  func perform<Value>(
    _ effect: @autoclosure () -> SagaEffect, _ body: () async throws -> Value
  ) async throws -> Value {
    try checkCancellation()
    return try await node.monitored(started(effect()), effect(), body)
  }

  /// Runs the stub a ``SagaTest`` gave for `name`, or the real function, and records the call
  /// in the test.
  func stubbed<Argument: Sendable, Value: Sendable>(
    _ name: String, argument: Argument, _ function: (Argument) async throws -> Value
  ) async throws -> Value {
    guard let interceptor = runtime.core.interceptor else { return try await function(argument) }
    interceptor.recorder.recordCall(SagaCall(name: name, argument: argument))
    guard let stub = interceptor.stubs[name] else { return try await function(argument) }
    let result = try await stub.run(argument)
    guard let value = result as? Value else {
      throw SagaTestError.stubTypeMismatch(
        call: name, expected: String(describing: Value.self),
        got: String(describing: type(of: result)))
    }
    return value
  }

  /// Records, in a ``SagaTest`` run, that END ended this saga's wait for the actions `pattern`
  /// names. `isTake`: a `take`, which the test's monitor counted as resolved.
  func endedWaiting(for pattern: String, isTake: Bool = false) {
    runtime.core.interceptor?.recorder.recordEndedWait(
      TakerList.describe(node.stack, waitingFor: pattern), wasCountedTaken: isTake)
  }
}
