import Foundation
import ReduxSeam
import Testing

@testable import ReduxCore

/// The package's lock, under more threads than the machine has cores, so that contended threads
/// go past their spins and sleep. Each test counts exactly; a lost wake-up hangs until the limit.
@Suite("Lock")
struct LockTests {
  @Test(
    "8 threads incrementing under one lock: every increment is counted", .timeLimit(.minutes(1)))
  func contention() {
    let shared = SharedLock()
    let threads = 8
    let each = 20_000
    runOnThreads(threads) { _ in
      for _ in 0..<each { shared.lock.withLock { $0 += 1 } }
    }
    #expect(shared.lock.withLock { $0 } == threads * each)
  }

  @Test(
    "a plain-store release racing the first contention strands no sleeper",
    .timeLimit(.minutes(1)))
  func firstContention() async throws {
    // The race, made deterministic: the holder read `contended` as false, so its release is a
    // plain store; meanwhile one thread contends first (it sets `contended`) and a second one
    // goes to sleep with the word at 2. The store overwrites that mark, so no release will see
    // it; the first contender, awake until it holds the lock, must renew it and wake the sleeper.
    let shared = SharedLock()
    let storage = shared.lock.storage
    storage.lock()
    let first = Thread { shared.lock.withLock { $0 += 1 } }
    first.start()
    while !storage.contended.load(ordering: .relaxed) { usleep(1_000) }
    let sleeper = Thread { shared.lock.withLock { $0 += 1 } }
    sleeper.start()
    while storage.parkingAddress.load(ordering: .relaxed) == 0 { usleep(1_000) }
    usleep(100_000)  // the sleeper is past its check and asleep on the condition
    // The holder's release as it was decided before `contended` was set.
    storage.owner.store(0, ordering: .relaxed)
    storage.word.store(0, ordering: .releasing)
    while shared.lock.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(1)) }
    #expect(shared.lock.withLock { $0 } == 2)
  }

  @Test(
    "threads taking turns through the condition: every turn is taken, in order",
    .timeLimit(.minutes(1)))
  func turns() {
    let shared = SharedLock()
    let threads = 4
    let rounds = 2_000
    runOnThreads(threads) { index in
      for _ in 0..<rounds {
        shared.lock.withLock(
          waitingOn: shared.condition, until: { $0 % threads == index }
        ) { value in
          value += 1
          shared.condition.wakeAll()
        }
      }
    }
    #expect(shared.lock.withLock { $0 } == threads * rounds)
  }
}

/// A counter behind the package's lock, and a condition to wait on under it.
private final class SharedLock: Sendable {
  let lock = Lock(0)
  let condition = LockCondition()
}

/// Runs `body` on `count` threads at once (each gets its index) and returns when all are done.
private func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let done = DispatchGroup()
  for index in 0..<count {
    done.enter()
    Thread {
      body(index)
      done.leave()
    }.start()
  }
  done.wait()
}
