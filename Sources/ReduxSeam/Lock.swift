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

// The lock's word, its owner and its parking, in a class of their own for `Lock`, and the
// algorithm over them (`LockAlgorithm`).

/// The value a lock guards, after the lock's state.
@usableFromInline
package final class LockStorage<Value: ~Copyable>: LockState {
  // @exclusivity(unchecked): every access is between lock() and unlock(), which already makes
  // it exclusive, so the runtime's dynamic check is left out (CoreProfile's `dispatch`).
  @usableFromInline @exclusivity(unchecked) package var value: Value

  @usableFromInline
  package init(_ value: consuming Value, reentry: StaticString) {
    self.value = value
    super.init(reentry: reentry)
  }
}

/// The lock's state. A class of its own, not generic: the lock's methods then never read the
/// generic class's metadata before they take the lock, which ThreadSanitizer reported (in debug
/// builds) as a race with the guarded value's accesses.
///
/// Its atomics are its own stored properties, not a nested value: a caller inlines the fast
/// paths over the class's reference, where a nested value would keep its address in a register
/// of its own (CoreProfile's `middleware`).
@usableFromInline
package class LockState {
  /// 0 free, 1 held, 2 held and perhaps awaited by a sleeping thread.
  @usableFromInline package final let word = Atomic<UInt32>(0)
  /// Whether a thread ever found the lock held. Until then `unlock()` gives the lock back with a
  /// plain store; from then on with an exchange, which sees whether a thread sleeps.
  @usableFromInline package final let contended = Atomic<Bool>(false)
  /// The holder's ``currentThreadID()``, 0 when free: written by the holder after it takes the
  /// lock and before it gives it back, so only the holder can find its own identity here.
  @usableFromInline package final let owner = Atomic<UInt>(0)
  /// Where contended threads sleep: a ``Parking``'s address, 0 until the first contention.
  @usableFromInline package final let parkingAddress = Atomic<UInt>(0)
  @usableFromInline package final let reentry: StaticString

  @usableFromInline
  package init(reentry: StaticString) {
    self.reentry = reentry
  }

  /// Takes the lock: one compare-and-swap when it is free.
  @inlinable @inline(__always)
  package final func lock() {
    LockAlgorithm.lock(word, owner) { lockContended() }
  }

  /// Gives the lock back (``LockAlgorithm/unlock(_:_:_:wake:)``).
  @inlinable @inline(__always)
  package final func unlock() {
    LockAlgorithm.unlock(word, contended, owner) { wakeOne() }
  }

  @usableFromInline @inline(never)
  package final func lockContended() {
    LockAlgorithm.lockContended(word, contended, owner, parkingAddress, reentry)
  }

  @usableFromInline @inline(never)
  package final func wakeOne() {
    LockAlgorithm.parking(parkingAddress).wakeOne()
  }

  deinit {
    LockAlgorithm.destroyParking(parkingAddress)
  }
}

/// The lock's algorithm, over the atomics of a ``LockState``: the word (0
/// free, 1 held, 2 held and perhaps awaited by a sleeping thread), whether a thread ever found
/// the lock held (until then `unlock` gives it back with a plain store; from then on with an
/// exchange, which sees whether a thread sleeps), the holder's ``currentThreadID()`` (0 when
/// free: written by the holder after it takes the lock and before it gives it back, so only the
/// holder can find its own identity there), and the address of the ``Parking`` where contended
/// threads sleep (0 until the first contention).
@usableFromInline
package enum LockAlgorithm {
  /// Takes the lock: one compare-and-swap when it is free, else `contended()`.
  @inlinable @inline(__always)
  package static func lock(
    _ word: borrowing Atomic<UInt32>, _ owner: borrowing Atomic<UInt>, contended: () -> Void
  ) {
    if !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      contended()
    }
    owner.store(currentThreadID(), ordering: .relaxed)
  }

  /// Gives the lock back: a plain store while the lock has never been contended, else one
  /// exchange and a wake-up if a thread may be sleeping.
  ///
  /// An exchange is a bus-locked instruction, which slows every bare dispatch (benchmark 1,
  /// docs/performance.md, "Under load"). But a store cannot tell whether a thread marked the
  /// word 2 (went to sleep) while the lock was held, and would overwrite the mark. So the store
  /// is only used before the first contention; the thread that first contends sets
  /// `contended`, and stays awake until it holds the lock (see `lockContended()`): a mark that
  /// the last plain store overwrote is then renewed by that thread, whose own release is an
  /// exchange and wakes a sleeper.
  @inlinable @inline(__always)
  package static func unlock(
    _ word: borrowing Atomic<UInt32>, _ contended: borrowing Atomic<Bool>,
    _ owner: borrowing Atomic<UInt>, wake: () -> Void
  ) {
    owner.store(0, ordering: .relaxed)
    if !contended.load(ordering: .relaxed) {
      word.store(0, ordering: .releasing)
    } else if word.exchange(0, ordering: .releasing) == 2 {
      wake()
    }
  }

  /// Takes a lock another thread holds (or this one: then it stops with `reentry`).
  @usableFromInline
  package static func lockContended(
    _ word: borrowing Atomic<UInt32>, _ contended: borrowing Atomic<Bool>,
    _ owner: borrowing Atomic<UInt>, _ parkingAddress: borrowing Atomic<UInt>,
    _ reentry: StaticString
  ) {
    if owner.load(ordering: .relaxed) == currentThreadID() { preconditionFailure("\(reentry)") }
    for _ in 0..<100 {
      if word.load(ordering: .relaxed) == 0,
        word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
    }
    if !contended.load(ordering: .relaxed),
      !contended.exchange(true, ordering: .sequentiallyConsistent)
    {
      // The first contention. The holder may have read `contended` as false and give the lock
      // back with a plain store, overwriting the marks of threads that went to sleep meanwhile
      // (they saw `contended` set). This thread never sleeps until it holds the lock, with the
      // word at 2: every holder after it reads `contended` as true (its acquisition follows
      // this thread's release), and this thread's release wakes one sleeper, who does the same.
      while word.exchange(2, ordering: .acquiring) != 0 { sched_yield() }
      return
    }
    let sleepers = parking(parkingAddress)
    // 2 from here on: whoever gives the lock back next wakes a sleeper.
    while word.exchange(2, ordering: .acquiring) != 0 {
      sleepers.sleep { word.load(ordering: .relaxed) == 2 }
    }
  }

  /// The parking, allocated by the first thread that needs it.
  @usableFromInline
  package static func parking(_ parkingAddress: borrowing Atomic<UInt>) -> Parking {
    let address = parkingAddress.load(ordering: .acquiring)
    if address != 0 { return Parking(address: address) }
    let new = Parking.make()
    let (installed, current) = parkingAddress.compareExchange(
      expected: 0, desired: new.address, ordering: .acquiringAndReleasing)
    if installed { return new }
    new.destroy()
    return Parking(address: current)
  }

  /// Frees the parking, if a contention made one.
  @usableFromInline
  package static func destroyParking(_ parkingAddress: borrowing Atomic<UInt>) {
    let address = parkingAddress.load(ordering: .acquiring)
    if address != 0 { Parking(address: address).destroy() }
  }
}
