// Every lock in the package is this one type (it is `package`, so the side-effect modules use it
// too but users never see it), and the choice of primitive lives in this file.
//
// It is a lock of our own on `Synchronization.Atomic`, the same on every platform and in every
// build (the ThreadSanitizer pass included), because (docs/performance.md, "Under load"):
// - Linux's `Synchronization.Mutex` uses priority-inheritance futexes, whose throughput
//   collapses when more threads than cores contend (8 threads on 2 cores: about 100 times
//   slower than a pthread mutex), and ThreadSanitizer does not see it;
// - a `pthread_mutex_t` holds up, but its lock/unlock pair runs out of line (type checks, owner
//   and user counts; CoreProfile's `mutex-baseline` and `dispatch`), where this lock's inlined
//   fast path is one compare-and-swap to take it and a plain store to give it back (an
//   exchange once the lock has been contended), one bus-locked instruction fewer than
//   `Mutex`'s fast path;
// - ThreadSanitizer sees the acquire and release atomics, so it checks the lock that ships;
// - it records its owner, so a thread that takes a lock it holds (a reducer that reads or
//   dispatches to its own store) stops with a message instead of deadlocking silently. The
//   owner is only compared when the compare-and-swap fails.
//
// The word is glibc's low-level lock (Drepper, "Futexes Are Tricky", mutex 3): 0 free, 1 held,
// 2 held and perhaps awaited; until the lock is first contended it is given back with a plain
// store (see `unlock()`). A contended thread tries again a little while first (the store's
// critical sections last nanoseconds, and sleeping and being woken costs microseconds), then
// sleeps. It sleeps on a pthread condition variable, allocated at the first contention, rather
// than on a futex: Swift cannot call the variadic `syscall` (a futex would need a C module), and
// the condition variable is portable. With 8 threads on 2 cores the store does better on it
// than on the pthread mutex (docs/performance.md, "Under load").

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value that is only read or written while a lock is held.
@usableFromInline
package struct Lock<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
  // @unchecked: `storage.value` is only touched between `storage.lock()` and `unlock()`.
  @usableFromInline package let storage: LockStorage<Value>

  /// A lock around `value`; a thread that takes it while holding it stops with `reentry`.
  ///
  /// Inlinable: specialized where it is called, the storage's metadata is looked up once and
  /// cached, not asked of the runtime for every lock made (ModuleProfile's `saga-fork1000`: one
  /// lock per fork).
  @inlinable
  package init(
    _ value: consuming sending Value,
    reentry: StaticString = "a swift-redux lock was taken again by the thread that holds it"
  ) {
    storage = LockStorage(value, reentry: reentry)
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable @inline(__always)
  package borrowing func withLock<Result: ~Copyable>(
    _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    storage.lock()
    defer { storage.unlock() }
    return body(&storage.value)
  }
}

extension Lock {
  /// Takes the lock, waits on `condition` (which releases the lock while it waits) until
  /// `ready` returns true, then runs `body` before releasing the lock.
  ///
  /// With `spins` > 0 it first gives up the processor that many times, taking the lock again
  /// after each, before it sleeps: for a wait that is usually over within microseconds, where
  /// waking a sleeping thread would take longer than the wait.
  @inlinable
  package borrowing func withLock<Result: ~Copyable>(
    waitingOn condition: LockCondition,
    spins: Int = 0,
    until ready: (inout Value) -> Bool,
    _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    storage.lock()
    defer { storage.unlock() }
    var spun = 0
    while !ready(&storage.value) {
      if spun < spins {
        spun += 1
        storage.unlock()
        sched_yield()
        storage.lock()
      } else {
        condition.wait(unlocking: storage)
      }
    }
    return body(&storage.value)
  }
}
