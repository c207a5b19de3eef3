#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calling thread's identity, never 0.
@inlinable @inline(__always)
package func currentThreadID() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// A new thread-specific key whose values are heap cells allocated by their thread (with
/// `UnsafeMutableRawPointer.allocate` or a typed pointer's `allocate`), each freed when its
/// thread ends: a per-thread word that costs a `pthread_getspecific` to reach, not a
/// `pthread_setspecific` per write. Stops if the system is out of keys.
package func makeThreadCellKey() -> pthread_key_t {
  var key = pthread_key_t()
  #if canImport(Darwin)
    let result = pthread_key_create(&key) { $0.deallocate() }
  #else
    let result = pthread_key_create(&key) { $0?.deallocate() }
  #endif
  precondition(result == 0, "pthread_key_create failed with error \(result)")
  return key
}
