/// How strictly a ``TestStore`` checks the store.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running piece of work must be asserted; the
  /// default.
  case on
  /// Only what the test asserts is checked: a `send` or `receive` closure checks the fields it
  /// sets; `send` skips the actions received before it; `receive` skips the actions received
  /// before the one it matches (and none when nothing matches); unreceived actions are not
  /// failures. Work still running at `finish()` still fails.
  case off
}

extension TestStore {
  /// Runs `body` with ``exhaustivity`` set to `exhaustivity`, then sets it back, as TCA's
  /// `withExhaustivity`: a few steps checked loosely inside an exhaustive test.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(Refresh())            // skips what arrived before it
  ///   await store.receive(Loaded.self) { $0.isLoading = false }
  /// }
  /// await store.send(Close())                // exhaustive again
  /// ```
  ///
  /// The previous setting comes back also when `body` throws.
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity, _ body: () async throws -> Result
  ) async rethrows -> Result {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await body()
  }
}
