/// A replacement for a named `call`, which ``SagaTest`` hands to the runtime it creates.
struct CallStub: Sendable {
  let run: @Sendable (_ argument: any Sendable) async throws -> any Sendable
}

extension SagaContext {
  /// Runs the stub a ``SagaTest`` gave the runtime for `name`, or the real function, and
  /// records the call in the test. Outside a test the runtime has no stubs: one check of an
  /// optional, no lookup.
  func stubbed<Argument: Sendable, Value: Sendable>(
    _ name: String, argument: Argument, _ function: (Argument) async throws -> Value
  ) async throws -> Value {
    guard let stubs = runtime.stubs else { return try await function(argument) }
    runtime.recorder?.recordCall(SagaCall(name: name, argument: argument))
    guard let stub = stubs[name] else { return try await function(argument) }
    let result = try await stub.run(argument)
    guard let value = result as? Value else {
      throw SagaTestError.stubTypeMismatch(
        call: name, expected: String(describing: Value.self),
        got: String(describing: type(of: result)))
    }
    return value
  }
}

extension SagaContext {
  /// Records, in a ``SagaTest`` run, that END ended this saga's wait for the actions `pattern`
  /// names: the script ended while the saga still waited. `isTake`: a `take`, which the test's
  /// monitor counted as resolved.
  func endedWaiting(for pattern: String, isTake: Bool = false) {
    guard let recorder = runtime.recorder else { return }
    recorder.recordEndedWait(
      ActionHub.describe(node.stack, waitingFor: pattern), wasCountedTaken: isTake)
  }
}
