/// A replacement for a named `call`, which ``SagaTest`` hands to the runtime it creates.
struct CallStub: Sendable {
  let run: @Sendable (_ argument: any Sendable) async throws -> any Sendable
}
