// Every lock in the package is this one type (it is `package`, so the side-effect modules use it
// too but users never see it), and the choice of primitive lives in this file.
//
// It is a `pthread_mutex_t` of type PTHREAD_MUTEX_ERRORCHECK, on every platform and in every
// build (the ThreadSanitizer pass included), because (docs/performance.md, benchmark 10):
// - Linux's `Synchronization.Mutex` uses priority-inheritance futexes, whose throughput
//   collapses when more threads than cores contend (8 threads on 2 cores: about 100 times
//   slower than a pthread mutex), and ThreadSanitizer does not see it;
// - an error-checking mutex reports a thread that takes the lock it already holds (a reducer
//   that reads or dispatches to its own store) instead of deadlocking silently, at the cost of
//   a compare in the uncontended path;
// - `Mutex` needs macOS 15 / iOS 18, newer than the releases this package supports.

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
  // @unchecked: `storage.value` is only touched between pthread_mutex_lock and _unlock.
  @usableFromInline let storage: LockStorage<Value>

  /// A lock around `value`; a thread that takes it while holding it stops with `reentry`.
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
    if _slowPath(pthread_mutex_trylock(storage.mutex) != 0) {
      let result = lockContended(storage.mutex)
      if result != 0 { storage.lockFailed(result) }
    }
    defer { pthread_mutex_unlock(storage.mutex) }
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
    let result = pthread_mutex_lock(storage.mutex)
    if _slowPath(result != 0) { storage.lockFailed(result) }
    defer { pthread_mutex_unlock(storage.mutex) }
    var spun = 0
    while !ready(&storage.value) {
      if spun < spins {
        spun += 1
        pthread_mutex_unlock(storage.mutex)
        sched_yield()
        pthread_mutex_lock(storage.mutex)
      } else {
        pthread_cond_wait(condition.condition, storage.mutex)
      }
    }
    return body(&storage.value)
  }
}

/// Takes a lock another thread holds (or this one: then it returns EDEADLK). It tries again a
/// little while first: the store's critical sections last nanoseconds, and sleeping on the
/// futex and being woken costs microseconds.
@usableFromInline @inline(never)
func lockContended(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 {
  for _ in 0..<100 where pthread_mutex_trylock(mutex) == 0 {
    return 0
  }
  return pthread_mutex_lock(mutex)
}

@usableFromInline
final class LockStorage<Value: ~Copyable> {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline let reentry: StaticString
  // @exclusivity(unchecked): every access is between pthread_mutex_lock and _unlock, which
  // already makes it exclusive; the runtime's dynamic check cost about 95 instructions a lock.
  @usableFromInline @exclusivity(unchecked) var value: Value

  init(_ value: consuming Value, reentry: StaticString) {
    self.value = value
    self.reentry = reentry
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  @usableFromInline @inline(never)
  func lockFailed(_ result: Int32) -> Never {
    if result == EDEADLK { preconditionFailure("\(reentry)") }
    preconditionFailure("pthread_mutex_lock failed with error \(result)")
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }
}

/// A condition variable, for threads that wait under a ``Lock`` for another thread to change
/// the value it guards.
@usableFromInline
package final class LockCondition: @unchecked Sendable {
  // @unchecked: a pthread condition variable is made to be shared between threads.
  @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>

  package init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  /// Wakes every thread waiting on this condition; call it with the lock held.
  @inlinable
  package func wakeAll() {
    pthread_cond_broadcast(condition)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
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
