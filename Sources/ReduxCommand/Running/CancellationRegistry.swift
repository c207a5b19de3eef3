import ReduxCore
import ReduxSeam
import Synchronization

/// The ids of in-flight cancellable work, for ``Command/cancel(id:)`` and `cancelInFlight`.
@usableFromInline
final class CancellationRegistry: Sendable {
  private let scopes = Lock<[CancelKey: [ObjectIdentifier: CommandScope]]>([:])
  /// When each throttled id's command last ran, and the one waiting (``Command/throttle``).
  let throttles = Lock<[CancelKey: ThrottleEntry]>([:])
  /// The scopes of child features with work in flight, which the store checks after each
  /// action (``childScopesGone(from:)``).
  @usableFromInline let children = Lock<[ObjectIdentifier: CommandScope]>([:])
  /// How many scopes `children` holds, written under its lock: read without it, so that a
  /// store with no child work in flight checks nothing after an action (ModuleProfile's
  /// `command-none`).
  @usableFromInline let childCount = Atomic<Int>(0)

  /// The executor the jobs' tasks prefer: a test store's (``preferExecutor(_:)``), or nil for
  /// the global executor. Set once; `hasExecutor` says so without the lock, so that a store no
  /// test drives takes no lock for it when a job starts.
  private let preferredExecutor = Lock<(any TaskExecutor & AnyObject)?>(nil)
  private let hasExecutor = Atomic<Bool>(false)

  /// Makes the tasks of jobs started from now on prefer `executor`; once.
  func preferExecutor(_ executor: any TaskExecutor & AnyObject) {
    guard !hasExecutor.load(ordering: .acquiring) else { return }
    preferredExecutor.withLock { if $0 == nil { $0 = executor } }
    hasExecutor.store(true, ordering: .releasing)
  }

  /// The executor a job's task prefers, or nil for the global executor.
  var executor: (any TaskExecutor)? {
    guard hasExecutor.load(ordering: .acquiring) else { return nil }
    let executor = preferredExecutor.withLock { $0 }
    return executor
  }

  /// Whether a child feature has work in flight (its scope may be in the list).
  @inlinable
  var hasChildScopes: Bool { childCount.load(ordering: .acquiring) > 0 }

  /// Adds `scope` under `key`; with `replacing`, removes and returns the scopes already there,
  /// for the caller to cancel.
  ///
  /// A scope that encloses `scope` (the same id wrapped twice) is never replaced: cancelling it
  /// would cancel `scope` itself, so the newest command would stop before it starts.
  func register(_ scope: CommandScope, key: CancelKey, replacing: Bool) -> [CommandScope] {
    defer {
      if scope.owner != nil {
        children.withLock { children in
          children[ObjectIdentifier(scope)] = scope
          childCount.store(children.count, ordering: .releasing)
        }
      }
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
    if scope.owner != nil {
      children.withLock { children in
        children[ObjectIdentifier(scope)] = nil
        childCount.store(children.count, ordering: .releasing)
      }
    }
  }

  /// The scopes of child features that are no longer in `state`, the store's state after an
  /// action: their work is to be cancelled. They leave the list of children.
  @inlinable
  func childScopesGone<State>(from state: State) -> [CommandScope] {
    children.withLock { children in
      if children.isEmpty { return [] }
      var gone: [CommandScope] = []
      for (id, scope) in children {
        guard let presence = scope.presence,
          !ChildPresence<State>.isPresent(presence, in: state)
        else { continue }
        gone.append(scope)
        children[id] = nil
      }
      childCount.store(children.count, ordering: .releasing)
      return gone
    }
  }

  func cancel(key: CancelKey) {
    let found = scopes.withLock { $0.removeValue(forKey: key) }
    for scope in (found ?? [:]).values { scope.cancel() }
  }
}
