import Benchmark
import CoreFixtures
import Foundation
import ReduxCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Benchmarks 10-12: the store under load. 10 compares the lock candidates, alone and with 8
/// threads on them; 11 runs 2, 4 and 8 threads dispatching into one store at once, next to a
/// hand-written store behind `NSLock` (ReSwift's shape) in the same run; 12 tears down 10,000
/// selector subscriptions.
func registerContention() {
  registerLockCandidates()
  registerThreadedDispatch()
  registerTeardown()
}

/// Operations per sample of a threaded benchmark, all threads together.
private let threadedOperations = 200_000

/// Throughput of a threaded sample, in thousands of operations per second.
let threadedThroughput = BenchmarkMetric.custom(
  "Throughput (K ops/s)", polarity: .prefersLarger, useScalingFactor: false)
/// The longest single call in a threaded sample, in microseconds.
let threadedMaxLatency = BenchmarkMetric.custom(
  "Max latency of one call (µs)", useScalingFactor: false)

/// A threaded sample runs 200,000 operations and reports its own throughput and longest call.
private var threadedConfiguration: Benchmark.Configuration {
  let smoke = getenv("REDUX_BENCHMARK_SMOKE") != nil
  return .init(
    metrics: [threadedThroughput, threadedMaxLatency],
    timeUnits: .microseconds,
    warmupIterations: smoke ? 0 : 1,
    scalingFactor: .one,
    maxDuration: smoke ? .milliseconds(20) : .seconds(2),
    maxIterations: smoke ? 1 : 15
  )
}

private func report(_ run: ThreadedRun, in benchmark: Benchmark) {
  benchmark.measurement(threadedThroughput, Int(run.operationsPerSecond / 1_000))
  benchmark.measurement(threadedMaxLatency, Int(run.maxLatencyNanoseconds / 1_000))
}

// MARK: 10 lock candidates

/// A lock candidate: `withLock` runs the reducer on the state it guards.
private protocol LockCandidate: AnyObject, Sendable {
  func increment(_ reducer: Reducer<Counter>)
}

private final class MutexCandidate: LockCandidate {
  let mutex = Mutex(Counter())
  func increment(_ reducer: Reducer<Counter>) {
    mutex.withLock { reducer(&$0, Increment()) }
  }
}

private final class PthreadCandidate: LockCandidate, @unchecked Sendable {
  // @unchecked: `state` is only touched between pthread_mutex_lock and pthread_mutex_unlock.
  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  var state = Counter()

  init(type: Int32) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, type)
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  func increment(_ reducer: Reducer<Counter>) {
    pthread_mutex_lock(mutex)
    reducer(&state, Increment())
    pthread_mutex_unlock(mutex)
  }
}

/// glibc's low-level lock (0 free, 1 held, 2 held and perhaps awaited) on a Swift `Atomic`,
/// inlined; a waiter sleeps on a pthread condition instead of a futex. With `recordsOwner`,
/// `storesUntilContended` and 100 spins it is ReduxCore's `Lock` (which is `package`, so not
/// visible here): the holder's thread is recorded after each lock and cleared before each
/// unlock, and compared with the caller's when the compare-and-swap fails, to report a thread
/// that takes its own lock; and the lock is given back with a plain store until a thread first
/// finds it held (that thread then stays awake until it holds the lock; see ReduxCore's
/// `LockState.unlock()`).
private final class AtomicCandidate: LockCandidate, @unchecked Sendable {
  // @unchecked: `state` is only touched while `word` is 1 or 2 for this thread.
  let word = Atomic<UInt32>(0)
  let owner = Atomic<UInt>(0)
  let recordsOwner: Bool
  let storesUntilContended: Bool
  let contended = Atomic<Bool>(false)
  let spins: Int
  let parking: UnsafeMutablePointer<pthread_mutex_t>
  let wakeUp: UnsafeMutablePointer<pthread_cond_t>
  var state = Counter()

  init(recordsOwner: Bool = false, storesUntilContended: Bool = false, spins: Int = 64) {
    self.recordsOwner = recordsOwner
    self.storesUntilContended = storesUntilContended
    self.spins = spins
    parking = .allocate(capacity: 1)
    parking.initialize(to: pthread_mutex_t())
    pthread_mutex_init(parking, nil)
    wakeUp = .allocate(capacity: 1)
    wakeUp.initialize(to: pthread_cond_t())
    pthread_cond_init(wakeUp, nil)
  }

  @inline(__always)
  func lock() {
    if !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      lockSlowly()
    }
    if recordsOwner { owner.store(currentThread(), ordering: .relaxed) }
  }

  @inline(never)
  func lockSlowly() {
    if recordsOwner && owner.load(ordering: .relaxed) == currentThread() {
      preconditionFailure("a thread took the lock it holds")
    }
    for _ in 0..<spins {
      if word.load(ordering: .relaxed) == 0,
        word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
      {
        return
      }
    }
    if storesUntilContended, !contended.exchange(true, ordering: .sequentiallyConsistent) {
      while word.exchange(2, ordering: .acquiring) != 0 { sched_yield() }
      return
    }
    while word.exchange(2, ordering: .acquiring) != 0 {
      pthread_mutex_lock(parking)
      if word.load(ordering: .relaxed) == 2 { pthread_cond_wait(wakeUp, parking) }
      pthread_mutex_unlock(parking)
    }
  }

  @inline(__always)
  func unlock() {
    if recordsOwner { owner.store(0, ordering: .relaxed) }
    if storesUntilContended && !contended.load(ordering: .relaxed) {
      word.store(0, ordering: .releasing)
    } else if word.exchange(0, ordering: .releasing) == 2 {
      wake()
    }
  }

  @inline(never)
  func wake() {
    pthread_mutex_lock(parking)
    if recordsOwner {
      // As ReduxCore's Lock: signal after giving the mutex back, so the thread woken does not
      // block again at once on it.
      pthread_mutex_unlock(parking)
      pthread_cond_signal(wakeUp)
    } else {
      pthread_cond_signal(wakeUp)
      pthread_mutex_unlock(parking)
    }
  }

  func increment(_ reducer: Reducer<Counter>) {
    lock()
    reducer(&state, Increment())
    unlock()
  }
}

@inline(__always)
private func currentThread() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

private final class NSLockCandidate: LockCandidate, @unchecked Sendable {
  // @unchecked: `state` is only touched while `lock` is held.
  let lock = NSLock()
  var state = Counter()
  func increment(_ reducer: Reducer<Counter>) {
    lock.lock()
    reducer(&state, Increment())
    lock.unlock()
  }
}

private func registerLockCandidates() {
  var candidates: [(String, () -> any LockCandidate)] = [
    ("Synchronization.Mutex", { MutexCandidate() }),
    ("pthread_mutex_t normal", { PthreadCandidate(type: Int32(PTHREAD_MUTEX_NORMAL)) }),
    ("pthread_mutex_t errorcheck", { PthreadCandidate(type: Int32(PTHREAD_MUTEX_ERRORCHECK)) }),
    ("NSLock", { NSLockCandidate() }),
    ("Atomic + pthread parking", { AtomicCandidate() }),
    (
      "Atomic + owner + pthread parking (ReduxCore's Lock)",
      { AtomicCandidate(recordsOwner: true, storesUntilContended: true, spins: 100) }
    ),
  ]
  #if os(Linux)
    // PTHREAD_MUTEX_ADAPTIVE_NP (glibc): spins a little before sleeping.
    candidates.insert(("pthread_mutex_t adaptive", { PthreadCandidate(type: 3) }), at: 3)
  #endif
  for (name, make) in candidates {
    let uncontended = make()
    Benchmark("12 Lock: \(name), uncontended") { benchmark in
      let reducer = identity(counterReducer)
      for _ in benchmark.scaledIterations {
        uncontended.increment(reducer)
      }
    }
    Benchmark("12 Lock: \(name), 8 threads", configuration: threadedConfiguration) { benchmark in
      let lock = make()
      let reducer = identity(counterReducer)
      report(runOnThreads(8, total: threadedOperations) { lock.increment(reducer) }, in: benchmark)
    }
  }
}

// MARK: 11 threads dispatching into one store

private func registerThreadedDispatch() {
  for threads in [2, 4, 8] {
    Benchmark(
      "13 Dispatch: \(threads) threads, 0 subscribers, 0 middleware",
      configuration: threadedConfiguration
    ) {
      benchmark in
      let store = Store(initialState: Counter(), reducer: counterReducer)
      report(
        runOnThreads(threads, total: threadedOperations) { store.dispatch(Increment()) },
        in: benchmark)
      precondition(store.state.count == threadedOperations, "an action was lost")
    }
    Benchmark(
      "13 Dispatch: \(threads) threads, 1 middleware, 1 subscriber",
      configuration: threadedConfiguration
    ) {
      benchmark in
      let (store, subscription) = makeObservedStore()
      // Dispatch returns once the action is queued, so the run waits for the store to finish.
      let run = runOnThreads(
        threads, total: threadedOperations, settled: { store.state.count == threadedOperations }
      ) { store.dispatch(Increment()) }
      report(run, in: benchmark)
      blackHole(subscription)
    }
    Benchmark(
      "13 Baseline: \(threads) threads, hand-written chain behind NSLock",
      configuration: threadedConfiguration
    ) {
      benchmark in
      let store = HandWrittenStore()
      report(
        runOnThreads(threads, total: threadedOperations) { store.dispatch(Increment()) },
        in: benchmark)
      precondition(store.count == threadedOperations, "an action was lost")
    }
  }
}

// MARK: 12 teardown

/// The time to cancel the 10,000 tokens alone, in microseconds.
let cancelTime = BenchmarkMetric.custom("Cancel 10,000 (µs)", useScalingFactor: false)

private func registerTeardown() {
  let smoke = getenv("REDUX_BENCHMARK_SMOKE") != nil
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, cancelTime],
    timeUnits: .microseconds,
    warmupIterations: smoke ? 0 : 1,
    scalingFactor: .one,
    maxDuration: smoke ? .milliseconds(20) : .seconds(2),
    maxIterations: smoke ? 1 : 50
  )
  Benchmark("14 Subscribe then cancel 10,000 selector subscribers", configuration: configuration) {
    benchmark in
    let (store, subscriptions) = makeSelectorStore(fields: 10_000)
    let before = monotonicNanoseconds()
    for subscription in subscriptions { subscription.cancel() }
    benchmark.measurement(cancelTime, Int((monotonicNanoseconds() - before) / 1_000))
    blackHole(store)
  }
}
