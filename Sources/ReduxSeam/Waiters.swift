/// Tasks waiting for a condition on a value behind a lock; kept inside that value, so a waiter
/// is registered, found ready and taken back under the same lock as the value it waits on.
/// Shared by the store's work ledger and ReduxTesting's probe log through `package` access.
package struct Waiters<Condition: Sendable>: Sendable {
  private var waiting: [UInt64: Waiter] = [:]
  private var nextID: UInt64 = 0

  private struct Waiter: Sendable {
    let condition: Condition
    let continuation: CheckedContinuation<Void, Never>
  }

  package init() {}

  /// Whether no task waits.
  package var isEmpty: Bool { waiting.isEmpty }

  /// An id for a waiter about to be registered.
  package mutating func reserveID() -> UInt64 {
    defer { nextID += 1 }
    return nextID
  }

  /// Registers a task waiting for `condition`.
  package mutating func add(
    _ id: UInt64, waitingFor condition: Condition,
    _ continuation: CheckedContinuation<Void, Never>
  ) {
    waiting[id] = Waiter(condition: condition, continuation: continuation)
  }

  /// Removes and returns the waiters whose condition `isMet`; resume them outside the lock.
  package mutating func takeReady(
    _ isMet: (Condition) -> Bool
  ) -> [CheckedContinuation<Void, Never>] {
    var ready: [CheckedContinuation<Void, Never>] = []
    for (id, waiter) in waiting where isMet(waiter.condition) {
      ready.append(waiter.continuation)
      waiting.removeValue(forKey: id)
    }
    return ready
  }

  /// Removes a waiter (its task was cancelled); resume what it returns outside the lock.
  package mutating func take(_ id: UInt64) -> CheckedContinuation<Void, Never>? {
    waiting.removeValue(forKey: id)?.continuation
  }
}

/// Suspends until a condition holds, or the task is cancelled.
///
/// `register` runs once, under the caller's lock: it returns `true` if the condition holds now,
/// or keeps the continuation (in a ``Waiters``) for whoever makes it hold to resume. `cancel`
/// takes a kept continuation back when the task is cancelled, before or while it waits.
package func waitCancellably(
  register: (CheckedContinuation<Void, Never>) -> Bool,
  cancel: @escaping @Sendable () -> CheckedContinuation<Void, Never>?
) async {
  await withTaskCancellationHandler {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      if register(continuation) {
        continuation.resume()
      } else if Task.isCancelled {
        cancel()?.resume()
      }
    }
  } onCancel: {
    cancel()?.resume()
  }
}
