// Running one operation on several threads at once, for the contention benchmarks (10, 11) and
// CoreProfile. Threads, not tasks: the cooperative pool has one thread per core, so tasks
// could never put more threads than cores on one lock.
import Foundation
import ReduxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run on several threads measured.
public struct ThreadedRun: Sendable {
  /// Operations per second over the whole run, all threads together.
  public var operationsPerSecond: Double
  /// The longest single call of the operation, on any thread, in nanoseconds.
  public var maxLatencyNanoseconds: UInt64
}

/// Calls `operation` `total / threads` times on each of `threads` threads released together,
/// timing each call; returns when every thread is done and `settled()` returns true (a store
/// may still be processing the last actions queued by the threads: the run includes them).
public func runOnThreads(
  _ threads: Int,
  total: Int,
  settled: @Sendable () -> Bool = { true },
  _ operation: @escaping @Sendable () -> Void
) -> ThreadedRun {
  let perThread = total / threads
  let start = DispatchSemaphore(value: 0)
  let done = DispatchGroup()
  let latencies = LatencyBox(count: threads)
  for index in 0..<threads {
    done.enter()
    let thread = Thread {
      start.wait()
      var longest: UInt64 = 0
      for _ in 0..<perThread {
        let before = monotonicNanoseconds()
        operation()
        let elapsed = monotonicNanoseconds() &- before
        if elapsed > longest { longest = elapsed }
      }
      latencies.set(index, longest)
      done.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  let began = monotonicNanoseconds()
  for _ in 0..<threads { start.signal() }
  done.wait()
  while !settled() { sched_yield() }
  let elapsed = monotonicNanoseconds() &- began
  return ThreadedRun(
    operationsPerSecond: Double(perThread * threads) / (Double(elapsed) / 1e9),
    maxLatencyNanoseconds: latencies.max)
}

/// The monotonic clock, in nanoseconds (a vDSO call on Linux, about 20 ns).
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Each thread's longest call; each slot is written by one thread before `done.leave()` and read
/// after `done.wait()`, which orders the accesses.
private final class LatencyBox: @unchecked Sendable {
  // @unchecked: slot `i` is written only by thread `i`, and read only after the DispatchGroup
  // the threads leave has been waited for.
  private var slots: [UInt64]

  init(count: Int) { slots = Array(repeating: 0, count: count) }

  func set(_ index: Int, _ value: UInt64) { slots[index] = value }

  var max: UInt64 { slots.max() ?? 0 }
}

/// The shape of ReSwift's dispatch behind one `NSLock`: a middleware closure, the reducer, then
/// the subscriber, all under the lock, in code written for this state (nothing generic). The
/// baseline a lock-per-dispatch store is compared with.
public final class HandWrittenStore: @unchecked Sendable {
  // @unchecked: `state` is only touched while `lock` is held.
  private let lock = NSLock()
  private var state = Counter()
  private let middleware: @Sendable (any Action, (any Action) -> Void) -> Void
  private let reducer: Reducer<Counter>
  private let subscriber: @Sendable (Counter) -> Void

  /// A store with one pass-through middleware and one full-state subscriber, as benchmark 2.
  public init() {
    let middleware: @Sendable (any Action, (any Action) -> Void) -> Void = { action, next in
      next(action)
    }
    let subscriber: @Sendable (Counter) -> Void = { state in sink(state.count) }
    self.middleware = opaque(middleware)
    self.reducer = opaque(counterReducer)
    self.subscriber = opaque(subscriber)
  }

  /// Runs the action through the middleware, the reducer and the subscriber under the lock.
  public func dispatch(_ action: any Action) {
    lock.lock()
    defer { lock.unlock() }
    middleware(action) { action in
      reducer(&state, action)
      subscriber(state)
    }
  }

  /// The current count.
  public var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return state.count
  }
}

/// Returns its argument through an opaque call, so the optimizer cannot see through it.
@inline(never)
public func opaque<T>(_ value: T) -> T { value }
