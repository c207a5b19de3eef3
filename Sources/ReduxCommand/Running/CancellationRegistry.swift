import ReduxCore
import ReduxSeam

/// The ids of in-flight cancellable work, for ``Command/cancel(id:)`` and `cancelInFlight`.
final class CancellationRegistry: Sendable {
  private let scopes = Lock<[CancelKey: [ObjectIdentifier: CommandScope]]>([:])
  /// The scopes of child features with work in flight, which the store checks after each
  /// action (``CommandRunner/childScopesGone(from:)``).
  private let children = Lock<[ObjectIdentifier: CommandScope]>([:])

  /// Adds `scope` under `key`; with `replacing`, removes and returns the scopes already there,
  /// for the caller to cancel.
  ///
  /// A scope that encloses `scope` (the same id wrapped twice) is never replaced: cancelling it
  /// would cancel `scope` itself, so the newest command would stop before it starts.
  func register(_ scope: CommandScope, key: CancelKey, replacing: Bool) -> [CommandScope] {
    defer {
      if scope.owner != nil { children.withLock { $0[ObjectIdentifier(scope)] = scope } }
    }
    return scopes.withLock { scopes in
      var registered = scopes[key] ?? [:]
      var replaced: [CommandScope] = []
      if replacing {
        for (key, old) in registered where !scope.isInside(old) {
          replaced.append(old)
          registered[key] = nil
        }
      }
      registered[ObjectIdentifier(scope)] = scope
      scopes[key] = registered
      return replaced
    }
  }

  func remove(_ scope: CommandScope, key: CancelKey) {
    scopes.withLock { scopes in
      scopes[key]?[ObjectIdentifier(scope)] = nil
      if scopes[key]?.isEmpty == true { scopes[key] = nil }
    }
    if scope.owner != nil { children.withLock { $0[ObjectIdentifier(scope)] = nil } }
  }

  /// The child scopes for which `isGone` is true; they leave the registry's list of children.
  func childScopes(where isGone: (CommandScope) -> Bool) -> [CommandScope] {
    children.withLock { children in
      if children.isEmpty { return [] }
      var gone: [CommandScope] = []
      for (id, scope) in children where isGone(scope) {
        gone.append(scope)
        children[id] = nil
      }
      return gone
    }
  }

  func cancel(key: CancelKey) {
    let found = scopes.withLock { $0.removeValue(forKey: key) }
    for scope in (found ?? [:]).values { scope.cancel() }
  }
}
