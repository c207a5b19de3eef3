// The lock's word, its owner and its parking, in a class of their own for `Lock`, and the
// algorithm over them (`LockAlgorithm`); see Lock.swift for what it is and why it is ours.

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
