#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calling thread, as a number: how the dispatcher tells a dispatch made from inside one of
/// its own callbacks (same thread, still dispatching) from one made by another thread.
struct ThreadIdentity: Hashable, Sendable {
  private let raw: UInt

  static var current: ThreadIdentity {
    #if canImport(Darwin)
      ThreadIdentity(raw: UInt(bitPattern: pthread_self()))
    #else
      ThreadIdentity(raw: UInt(pthread_self()))
    #endif
  }
}
