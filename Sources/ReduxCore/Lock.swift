// Every lock in the package is this one type (it is `package`, so the side-effect modules use it
// too but users never see it), and the choice of primitive lives in this file.
//
// It is a lock of our own on `Synchronization.Atomic`, the same on every platform and in every
// build (the ThreadSanitizer pass included), because (docs/performance.md, benchmark 12):
// - Linux's `Synchronization.Mutex` uses priority-inheritance futexes, whose throughput
//   collapses when more threads than cores contend (8 threads on 2 cores: about 100 times
//   slower than a pthread mutex), and ThreadSanitizer does not see it;
// - a `pthread_mutex_t` holds up, but its lock/unlock pair is about 70 instructions out of line
//   (type checks, owner and user counts), where this lock's inlined fast path is one
//   compare-and-swap to take it and a plain store to give it back (an exchange once the lock
//   has been contended), one bus-locked instruction fewer than `Mutex`'s fast path;
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
// than on the pthread mutex (docs/performance.md, 12b).

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
  @usableFromInline let storage: LockStorage<Value>

  /// A lock around `value`; a thread that takes it while holding it stops with `reentry`.
  ///
  /// Inlinable: specialized where it is called, the storage's metadata is looked up once and
  /// cached; generic, every lock made (one per saga fork) asked the runtime for it.
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

/// The value a lock guards, after the lock's state.
@usableFromInline
final class LockStorage<Value: ~Copyable>: LockState {
  // @exclusivity(unchecked): every access is between lock() and unlock(), which already makes
  // it exclusive; the runtime's dynamic check cost about 95 instructions a lock.
  @usableFromInline @exclusivity(unchecked) var value: Value

  @usableFromInline
  init(_ value: consuming Value, reentry: StaticString) {
    self.value = value
    super.init(reentry: reentry)
  }
}

/// The lock's state. A class of its own, not generic: the lock's methods then never read the
/// generic class's metadata before they take the lock, which ThreadSanitizer reported (in debug
/// builds) as a race with the guarded value's accesses.
@usableFromInline
class LockState {
  /// 0 free, 1 held, 2 held and perhaps awaited by a sleeping thread.
  @usableFromInline final let word = Atomic<UInt32>(0)
  /// Whether a thread ever found the lock held. Until then `unlock()` gives the lock back with a
  /// plain store; from then on with an exchange, which sees whether a thread sleeps.
  @usableFromInline final let contended = Atomic<Bool>(false)
  /// The holder's ``currentThreadID()``, 0 when free: written by the holder after it takes the
  /// lock and before it gives it back, so only the holder can find its own identity here.
  @usableFromInline final let owner = Atomic<UInt>(0)
  /// Where contended threads sleep: a ``Parking``'s address, 0 until the first contention.
  @usableFromInline final let parkingAddress = Atomic<UInt>(0)
  @usableFromInline final let reentry: StaticString

  @usableFromInline
  init(reentry: StaticString) {
    self.reentry = reentry
  }

  /// Takes the lock: one compare-and-swap when it is free.
  @inlinable @inline(__always)
  final func lock() {
    if _slowPath(!word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged) {
      lockContended()
    }
    owner.store(currentThreadID(), ordering: .relaxed)
  }

  /// Gives the lock back: a plain store while the lock has never been contended, else one
  /// exchange and a wake-up if a thread may be sleeping.
  ///
  /// An exchange is a bus-locked instruction: it made the bare dispatch 16 ns where the plain
  /// store makes it 11 ns on this machine (docs/performance.md, 12e). But a store cannot tell
  /// whether a thread marked the word 2 (went to sleep) while the lock was held, and would
  /// overwrite the mark. So the store is only used before the first contention; the thread that
  /// first contends sets `contended`, and stays awake until it holds the lock (see
  /// `lockContended()`): a mark that the last plain store overwrote is then renewed by that
  /// thread, whose own release is an exchange and wakes a sleeper.
  @inlinable @inline(__always)
  final func unlock() {
    owner.store(0, ordering: .relaxed)
    if _fastPath(!contended.load(ordering: .relaxed)) {
      word.store(0, ordering: .releasing)
    } else if _slowPath(word.exchange(0, ordering: .releasing) == 2) {
      wakeOne()
    }
  }

  /// Takes a lock another thread holds (or this one: then it stops with `reentry`).
  @usableFromInline @inline(never)
  final func lockContended() {
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
    let parking = self.parking
    // 2 from here on: whoever gives the lock back next wakes a sleeper.
    while word.exchange(2, ordering: .acquiring) != 0 {
      parking.sleep { word.load(ordering: .relaxed) == 2 }
    }
  }

  @usableFromInline @inline(never)
  final func wakeOne() {
    parking.wakeOne()
  }

  /// The parking, allocated by the first thread that needs it.
  @usableFromInline
  final var parking: Parking {
    let address = parkingAddress.load(ordering: .acquiring)
    if address != 0 { return Parking(address: address) }
    let new = Parking.make()
    let (installed, current) = parkingAddress.compareExchange(
      expected: 0, desired: new.address, ordering: .acquiringAndReleasing)
    if installed { return new }
    new.destroy()
    return Parking(address: current)
  }

  deinit {
    let address = parkingAddress.load(ordering: .acquiring)
    if address != 0 { Parking(address: address).destroy() }
  }
}

/// A pthread mutex and condition variable in one allocation, where threads sleep until another
/// thread changes an atomic value and wakes them.
@usableFromInline
struct Parking: Sendable {
  @usableFromInline let address: UInt

  @usableFromInline
  init(address: UInt) {
    self.address = address
  }

  static var conditionOffset: Int {
    let alignment = MemoryLayout<pthread_cond_t>.alignment
    return (MemoryLayout<pthread_mutex_t>.size + alignment - 1) / alignment * alignment
  }

  var mutex: UnsafeMutablePointer<pthread_mutex_t> {
    UnsafeMutablePointer(bitPattern: address)!
  }

  var condition: UnsafeMutablePointer<pthread_cond_t> {
    UnsafeMutableRawPointer(bitPattern: address)!.advanced(by: Self.conditionOffset)
      .assumingMemoryBound(to: pthread_cond_t.self)
  }

  static func make() -> Parking {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: conditionOffset + MemoryLayout<pthread_cond_t>.size,
      alignment: max(
        MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<pthread_cond_t>.alignment))
    let parking = Parking(address: UInt(bitPattern: raw))
    parking.mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(parking.mutex, nil)
    parking.condition.initialize(to: pthread_cond_t())
    pthread_cond_init(parking.condition, nil)
    return parking
  }

  func destroy() {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    UnsafeMutableRawPointer(bitPattern: address)!.deallocate()
  }

  /// Sleeps until woken if `isBlocked` is still true; may return early (the caller checks
  /// again). A thread that changes what `isBlocked` reads before it calls a wake method is never
  /// missed: the check and the sleep are one step under the mutex.
  @usableFromInline
  func sleep(while isBlocked: () -> Bool) {
    pthread_mutex_lock(mutex)
    if isBlocked() { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
  }

  // The wake methods take the mutex and release it before they signal: a thread that found
  // itself blocked under the mutex is then already waiting on the condition, and the thread
  // woken does not block again at once on a mutex its waker still holds.

  @usableFromInline
  func wakeOne() {
    pthread_mutex_lock(mutex)
    pthread_mutex_unlock(mutex)
    pthread_cond_signal(condition)
  }

  @usableFromInline
  func wakeAll() {
    pthread_mutex_lock(mutex)
    pthread_mutex_unlock(mutex)
    pthread_cond_broadcast(condition)
  }
}

/// A condition variable, for threads that wait under a ``Lock`` for another thread to change
/// the value it guards.
@usableFromInline
package final class LockCondition: Sendable {
  /// Bumped by every `wakeAll()`: a waiter sleeps while it still has the value it read under the
  /// lock.
  @usableFromInline let sequence = Atomic<UInt32>(0)
  /// Threads between `wait(unlocking:)`'s unlock and its lock again; `wakeAll()` makes no call
  /// when there are none.
  @usableFromInline let waiters = Atomic<Int>(0)
  @usableFromInline let parking: Parking

  package init() {
    parking = Parking.make()
  }

  /// Wakes every thread waiting on this condition; call it with the lock held.
  @inlinable
  package func wakeAll() {
    sequence.wrappingAdd(1, ordering: .relaxed)
    if waiters.load(ordering: .relaxed) > 0 { parking.wakeAll() }
  }

  /// Gives `storage`'s lock (held by the caller) back, sleeps until a `wakeAll()` made after
  /// this call (or returns early), and takes the lock again.
  @usableFromInline
  func wait(unlocking storage: LockState) {
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

/// The calling thread's identity, never 0.
@inlinable @inline(__always)
package func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// Whether the calling thread is draining a store, any store, at the moment: such a thread never
/// waits for another store's drainer (back-pressure, a hand-off, a `cancel()`), because that
/// drainer's callbacks may be waiting for it.
@usableFromInline
enum DrainingThread {
  /// The key of each thread's counter: how many stores the thread is draining, nested. The
  /// counter is allocated once per thread (and freed when the thread ends), so entering and
  /// leaving cost a `pthread_getspecific` each, not a `pthread_setspecific`.
  @usableFromInline static let depth: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let result = pthread_key_create(&key) { $0.deallocate() }
    #else
      let result = pthread_key_create(&key) { $0?.deallocate() }
    #endif
    precondition(result == 0, "pthread_key_create failed with error \(result)")
    return key
  }()

  @inlinable
  static var isDraining: Bool {
    guard let counter = pthread_getspecific(depth) else { return false }
    return counter.load(as: Int.self) > 0
  }

  /// The thread starts draining a store.
  @inlinable
  static func enter() {
    let counter = pthread_getspecific(depth) ?? makeCounter()
    counter.storeBytes(of: counter.load(as: Int.self) + 1, as: Int.self)
  }

  /// The thread stops draining a store.
  @inlinable
  static func leave() {
    let counter = pthread_getspecific(depth)!
    counter.storeBytes(of: counter.load(as: Int.self) - 1, as: Int.self)
  }

  @usableFromInline
  static func makeCounter() -> UnsafeMutableRawPointer {
    let counter = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Int>.size, alignment: MemoryLayout<Int>.alignment)
    counter.storeBytes(of: 0, as: Int.self)
    pthread_setspecific(depth, counter)
    return counter
  }
}
