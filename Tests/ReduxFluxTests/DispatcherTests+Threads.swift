import Foundation
import ReduxCore
import ReduxFlux
import ReduxSeam
import Testing

extension DispatcherTests {
  // MARK: Failing callbacks

  @Test("wraps a callback's error in callbackFailed, skips later callbacks, and recovers")
  func callbackThrows() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let shouldThrow = Lock(true)
    let failing = dispatcher.register { _ in
      if shouldThrow.withLock({ $0 }) { throw Boom() }
      log.append("first")
    }
    dispatcher.register { _ in log.append("second") }

    let error = fluxError { () throws(FluxError) in try dispatcher.dispatch(Ping()) }

    guard case .callbackFailed(let token, let underlying)? = error else {
      Issue.record("expected callbackFailed, got \(String(describing: error))")
      return
    }
    #expect(token == failing)
    #expect(underlying as? Boom == Boom())
    #expect(log.all.isEmpty)
    #expect(!dispatcher.isDispatching)

    shouldThrow.withLock { $0 = false }
    try dispatcher.dispatch(Ping())
    #expect(log.all == ["first", "second"])
  }

  // MARK: Threads

  @Test("makes a dispatch from another thread wait until the running dispatch ends")
  func otherThreadWaits() async throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let other = Lock<Task<Void, any Error>?>(nil)
    dispatcher.register(Ping.self) { _ in
      log.append("ping begins")
      let started = DispatchSemaphore(value: 0)
      let task = Task.detached {
        started.signal()
        try dispatcher.dispatch(Increment(), payload: 1)
        log.append("increment returned")
      }
      other.withLock { $0 = task }
      started.wait()
      log.append("ping ends")
    }
    dispatcher.register(Increment.self) { _ in log.append("increment handled") }

    try await onWorkerThread { try dispatcher.dispatch(Ping()) }
    try await #require(other.withLock { $0 }).value

    #expect(log.all == ["ping begins", "ping ends", "increment handled", "increment returned"])
  }

  @Test("unregister from another thread returns only after the running callback has returned")
  func unregisterWaitsForRunningCallback() async throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let token = Lock<DispatchToken?>(nil)
    let returned = DispatchSemaphore(value: 0)
    let registered = dispatcher.register(Ping.self) { _ in
      Thread {
        if let token = token.withLock({ $0 }) { try? dispatcher.unregister(token) }
        log.append("unregister returned")
        returned.signal()
      }.start()
      // A bounded wait for something that must NOT happen: without the guarantee,
      // `unregister` returns while this callback is still running and signals here first.
      if returned.wait(timeout: .now() + .milliseconds(200)) == .success { returned.signal() }
      log.append("callback returns")
    }
    token.withLock { $0 = registered }

    try await onWorkerThread {
      try dispatcher.dispatch(Ping())
      returned.wait()
    }

    #expect(log.all == ["callback returns", "unregister returned"])
  }

  @Test(
    "never runs a callback after unregister returned on another thread, over 2,000 races")
  func unregisterRacingDispatch() async throws {
    let lateCalls = Lock(0)
    for _ in 0..<2000 {
      let dispatcher = Dispatcher()
      let unregistered = Lock(false)
      let go = DispatchSemaphore(value: 0)
      dispatcher.register(Ping.self) { _ in go.signal() }
      let token = dispatcher.register(Ping.self) { _ in
        // Checks on entry and for a few scheduler turns more: it must not still be running,
        // let alone be entered, once `unregister` has returned.
        for _ in 0..<20 where unregistered.withLock({ $0 }) == false { sched_yield() }
        if unregistered.withLock({ $0 }) { lateCalls.withLock { $0 += 1 } }
      }
      async let dispatching: Void = onWorkerThread { try dispatcher.dispatch(Ping()) }
      async let unregistering: Void = onWorkerThread {
        go.wait()
        try dispatcher.unregister(token)
        unregistered.withLock { $0 = true }
      }
      _ = try await (dispatching, unregistering)
      try dispatcher.dispatch(Ping())
    }
    #expect(lateCalls.withLock { $0 } == 0)
  }

  @Test("serializes dispatches from 8 concurrent tasks, losing none and keeping each task's order")
  func concurrentDispatch() async throws {
    let dispatcher = Dispatcher()
    let perTask = 300
    let received = Log<(task: Int, index: Int)>()
    let active = Lock((now: 0, most: 0))
    let unguarded = UnguardedCounter()
    dispatcher.register(Numbered.self) { _ in
      active.withLock {
        $0.now += 1
        $0.most = max($0.most, $0.now)
      }
      // Guarded only by the dispatcher's serialization: ThreadSanitizer checks that claim.
      unguarded.value += 1
      active.withLock { $0.now -= 1 }
    }
    dispatcher.register { dispatched in
      if let action = dispatched.action as? Numbered,
        let index = try dispatched.result(of: Numbered.self)?.get()
      {
        received.append((action.task, index))
      }
    }

    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<perTask {
            try dispatcher.dispatch(Numbered(task: task), payload: index)
          }
        }
      }
      try await group.waitForAll()
    }

    #expect(received.count == 8 * perTask)
    #expect(unguarded.value == 8 * perTask)
    #expect(active.withLock { $0.most } == 1)
    for task in 0..<8 {
      let indices = received.all.filter { $0.task == task }.map(\.index)
      #expect(indices == Array(0..<perTask))
    }
    #expect(!dispatcher.isDispatching)
  }
}

/// A counter with no lock of its own, for proving that the dispatcher serializes callbacks.
final class UnguardedCounter: @unchecked Sendable {
  // @unchecked: only touched inside dispatcher callbacks, which the dispatcher serializes.
  var value = 0
}
