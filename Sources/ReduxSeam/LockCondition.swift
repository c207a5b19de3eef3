import Synchronization

/// A condition variable, for threads that wait under a ``Lock`` for another thread to change
/// the value it guards.
@usableFromInline
package final class LockCondition: Sendable {
  /// Bumped by every `wakeAll()`: a waiter sleeps while it still has the value it read under the
  /// lock.
  @usableFromInline package let sequence = Atomic<UInt32>(0)
  /// Threads between `wait(unlocking:)`'s unlock and its lock again; `wakeAll()` makes no call
  /// when there are none.
  @usableFromInline package let waiters = Atomic<Int>(0)
  @usableFromInline package let parking: Parking

  package init() {
    parking = Parking.make()
  }

  /// Wakes every thread waiting on this condition; call it with the lock held.
  @inlinable
  package func wakeAll() {
    // A load and a store, not an atomic add: every bump is made with the lock held, so none
    // races another (a waiter only reads it), and a read-modify-write costs more.
    sequence.store(sequence.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    if waiters.load(ordering: .relaxed) > 0 { parking.wakeAll() }
  }

  /// Gives `storage`'s lock (held by the caller) back, sleeps until a `wakeAll()` made after
  /// this call (or returns early), and takes the lock again.
  @usableFromInline
  package func wait(unlocking storage: LockState) {
    // Both under the lock, as `wakeAll()` is: it sees this waiter, or this waiter sees its bump.
    let observed = sequence.load(ordering: .relaxed)
    waiters.wrappingAdd(1, ordering: .relaxed)
    storage.unlock()
    parking.sleep { sequence.load(ordering: .relaxed) == observed }
    storage.lock()
    waiters.wrappingSubtract(1, ordering: .relaxed)
  }

  deinit {
    parking.destroy()
  }
}
