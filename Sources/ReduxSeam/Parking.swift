// Where a thread sleeps until another wakes it: what a contended lock and a condition wait on.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pthread mutex and condition variable in one allocation, where threads sleep until another
/// thread changes an atomic value and wakes them.
@usableFromInline
package struct Parking: Sendable {
  @usableFromInline package let address: UInt

  @usableFromInline
  package init(address: UInt) {
    self.address = address
  }

  package static var conditionOffset: Int {
    let alignment = MemoryLayout<pthread_cond_t>.alignment
    return (MemoryLayout<pthread_mutex_t>.size + alignment - 1) / alignment * alignment
  }

  package var mutex: UnsafeMutablePointer<pthread_mutex_t> {
    UnsafeMutablePointer(bitPattern: address)!
  }

  package var condition: UnsafeMutablePointer<pthread_cond_t> {
    UnsafeMutableRawPointer(bitPattern: address)!.advanced(by: Self.conditionOffset)
      .assumingMemoryBound(to: pthread_cond_t.self)
  }

  package static func make() -> Parking {
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

  package func destroy() {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    UnsafeMutableRawPointer(bitPattern: address)!.deallocate()
  }

  /// Sleeps until woken if `isBlocked` is still true; may return early (the caller checks
  /// again). A thread that changes what `isBlocked` reads before it calls a wake method is never
  /// missed: the check and the sleep are one step under the mutex.
  @usableFromInline
  package func sleep(while isBlocked: () -> Bool) {
    pthread_mutex_lock(mutex)
    if isBlocked() { pthread_cond_wait(condition, mutex) }
    pthread_mutex_unlock(mutex)
  }

  // The wake methods take the mutex and release it before they signal: a thread that found
  // itself blocked under the mutex is then already waiting on the condition, and the thread
  // woken does not block again at once on a mutex its waker still holds.

  @usableFromInline
  package func wakeOne() {
    pthread_mutex_lock(mutex)
    pthread_mutex_unlock(mutex)
    pthread_cond_signal(condition)
  }

  @usableFromInline
  package func wakeAll() {
    pthread_mutex_lock(mutex)
    pthread_mutex_unlock(mutex)
    pthread_cond_broadcast(condition)
  }
}
