// Every lock in the package is this one type (it is `package`, so the side-effect modules use it
// too but users never see it), and the choice of primitive lives in this file.
//
// - Linux, default: `Synchronization.Mutex` (a futex; about 4.8 ns uncontended here).
// - Linux with `-Xswiftc -DREDUX_PTHREAD_LOCK`, and Apple platforms: `pthread_mutex_t`.
//   ThreadSanitizer on Linux does not see `Mutex` (it reports correct code guarded by it as a
//   race), so `.ci/run` builds the ThreadSanitizer pass with this flag. Apple platforms take it
//   because `Mutex` needs macOS 15 / iOS 18, newer than the releases this package supports.

#if os(Linux) && !REDUX_PTHREAD_LOCK
  import Synchronization

  /// A value that is only read or written while a lock is held.
  @usableFromInline
  package struct Lock<Value: ~Copyable>: ~Copyable, Sendable {
    @usableFromInline let mutex: Mutex<Value>

    package init(_ value: consuming sending Value) {
      mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable @inline(__always)
    package borrowing func withLock<Result: ~Copyable>(
      _ body: (inout sending Value) -> sending Result
    ) -> sending Result {
      mutex.withLock(body)
    }
  }
#else
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

    package init(_ value: consuming sending Value) {
      storage = LockStorage(value)
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable @inline(__always)
    package borrowing func withLock<Result: ~Copyable>(
      _ body: (inout sending Value) -> sending Result
    ) -> sending Result {
      pthread_mutex_lock(storage.mutex)
      defer { pthread_mutex_unlock(storage.mutex) }
      return body(&storage.value)
    }
  }

  @usableFromInline
  final class LockStorage<Value: ~Copyable> {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    init(_ value: consuming Value) {
      self.value = value
      mutex = .allocate(capacity: 1)
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }
  }
#endif
