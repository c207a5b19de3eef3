import ReduxCore

// The one seam through which a ``SagaTest`` reaches the runtime: the interceptor, which
// replaces named calls and records what the sagas did. Only `call`, `cps`, `retry` and a take
// that END ended look at it.

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

extension SagaContext {
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

}
