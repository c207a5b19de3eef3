import ReduxSeam

// A per-thread count of the stores the thread is draining, nested. A thread that drains a store
// never waits for another store's drainer (back-pressure, a hand-off, a `cancel()`), because
// that drainer's callbacks may be waiting for it (docs/concurrency.md, "Under load").

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the calling thread is draining a store, any store, at the moment: such a thread never
/// waits for another store's drainer (back-pressure, a hand-off, a `cancel()`), because that
/// drainer's callbacks may be waiting for it.
@usableFromInline
enum DrainingThread {
  /// The key of each thread's counter: how many stores the thread is draining, nested. The
  /// counter is allocated once per thread (and freed when the thread ends), so entering and
  /// leaving cost a `pthread_getspecific` each, not a `pthread_setspecific`.
  @usableFromInline static let depth = makeThreadCellKey()

  @inlinable
  static var isDraining: Bool {
    guard let counter = pthread_getspecific(depth) else { return false }
    return counter.load(as: Int.self) > 0
  }

  /// The thread starts draining a store; the returned mark ends it, on the same thread.
  @inlinable
  static func enter() -> Mark {
    let counter = pthread_getspecific(depth) ?? makeCounter()
    counter.storeBytes(of: counter.load(as: Int.self) + 1, as: Int.self)
    return Mark(counter: counter)
  }

  /// A thread's draining of one store: it holds the thread's counter, so that leaving costs no
  /// second look-up.
  @usableFromInline
  struct Mark {
    @usableFromInline let counter: UnsafeMutableRawPointer

    @inlinable
    init(counter: UnsafeMutableRawPointer) {
      self.counter = counter
    }

    /// The thread stops draining the store.
    @inlinable
    func leave() {
      counter.storeBytes(of: counter.load(as: Int.self) - 1, as: Int.self)
    }
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
