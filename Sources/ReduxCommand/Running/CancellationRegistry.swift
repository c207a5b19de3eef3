import ReduxCore

/// The ids of in-flight cancellable work, for ``Command/cancel(id:)`` and `cancelInFlight`.
final class CancellationRegistry: Sendable {
  private let scopes = Lock<[CancelID: [ObjectIdentifier: CommandScope]]>([:])

  /// Adds `scope` under `id`; with `replacing`, removes and returns the scopes already there,
  /// for the caller to cancel.
  ///
  /// A scope that encloses `scope` (the same id wrapped twice) is never replaced: cancelling it
  /// would cancel `scope` itself, so the newest command would stop before it starts.
  func register(_ scope: CommandScope, id: CancelID, replacing: Bool) -> [CommandScope] {
    scopes.withLock { scopes in
      var registered = scopes[id] ?? [:]
      var replaced: [CommandScope] = []
      if replacing {
        for (key, old) in registered where !scope.isInside(old) {
          replaced.append(old)
          registered[key] = nil
        }
      }
      registered[ObjectIdentifier(scope)] = scope
      scopes[id] = registered
      return replaced
    }
  }

  func remove(_ scope: CommandScope, id: CancelID) {
    scopes.withLock { scopes in
      scopes[id]?[ObjectIdentifier(scope)] = nil
      if scopes[id]?.isEmpty == true { scopes[id] = nil }
    }
  }

  func cancel(id: CancelID) {
    let found = scopes.withLock { $0.removeValue(forKey: id) }
    for scope in (found ?? [:]).values { scope.cancel() }
  }
}
