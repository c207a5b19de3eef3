import Foundation
import ReduxCore
import ReduxFlux
import Testing

@Suite("Dispatcher")
struct DispatcherTests {
  @Test("calls callbacks in registration order, typed and for-all alike")
  func registrationOrder() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    dispatcher.register(Increment.self) { _ in log.append("first") }
    dispatcher.register { _ in log.append("second") }
    dispatcher.register(Increment.self) { _ in log.append("third") }

    try dispatcher.dispatch(Increment(), payload: 1)

    #expect(log.all == ["first", "second", "third"])
  }

  @Test("hands a typed callback the success payload or the typed failure")
  func typedResults() throws {
    let dispatcher = Dispatcher()
    let log = Log<Result<String, TodoError>>()
    dispatcher.register(CreateTodo.self) { result in log.append(result) }

    try dispatcher.dispatch(CreateTodo(title: "Milk"), payload: "Milk")
    try dispatcher.dispatch(CreateTodo(title: ""), error: .emptyTitle)

    #expect(log.all == [.success("Milk"), .failure(.emptyTitle)])
  }

  @Test("calls a typed callback only for its own action type")
  func typedFiltering() throws {
    let dispatcher = Dispatcher()
    let increments = Log<Int>()
    dispatcher.register(Increment.self) { result in increments.append(try result.get()) }

    try dispatcher.dispatch(Ping())
    try dispatcher.dispatch(Increment(amount: 5), payload: 5)

    #expect(increments.all == [5])
  }

  @Test("calls a for-all callback for every action, with the typed result recoverable")
  func forAllCallback() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    dispatcher.register { dispatched in
      let increment = dispatched.result(of: Increment.self).map { "\((try? $0.get()) ?? -1)" }
      log.append("\(dispatched.action) \(increment ?? "-") failure=\(dispatched.isFailure)")
    }

    try dispatcher.dispatch(Increment(amount: 2), payload: 2)
    try dispatcher.dispatch(CreateTodo(title: ""), error: .emptyTitle)

    #expect(
      log.all == [
        "Increment(amount: 2) 2 failure=false",
        "CreateTodo(title: \"\") - failure=true",
      ])
  }

  @Test("reports isDispatching only while a dispatch runs")
  func isDispatching() throws {
    let dispatcher = Dispatcher()
    let seen = Log<Bool>()
    dispatcher.register { [weak dispatcher] _ in seen.append(dispatcher?.isDispatching ?? false) }

    #expect(!dispatcher.isDispatching)
    try dispatcher.dispatch(Ping())
    #expect(!dispatcher.isDispatching)
    #expect(seen.all == [true])
  }

  @Test("stops calling an unregistered callback")
  func unregister() throws {
    let dispatcher = Dispatcher()
    let log = Log<Int>()
    let token = dispatcher.register(Increment.self) { result in log.append(try result.get()) }

    try dispatcher.dispatch(Increment(), payload: 1)
    try dispatcher.unregister(token)
    try dispatcher.dispatch(Increment(), payload: 2)

    #expect(log.all == [1])
  }

  @Test("throws unknownToken when unregistering a token twice")
  func unregisterTwice() throws {
    let dispatcher = Dispatcher()
    let token = dispatcher.register { _ in }
    try dispatcher.unregister(token)

    let error = fluxError { () throws(FluxError) in try dispatcher.unregister(token) }

    guard case .unknownToken(let unknown)? = error else {
      Issue.record("expected unknownToken, got \(String(describing: error))")
      return
    }
    #expect(unknown == token)
  }

  @Test("throws unknownToken for another dispatcher's token")
  func unregisterForeignToken() {
    let dispatcher = Dispatcher()
    let other = Dispatcher()
    let token = other.register { _ in }

    let error = fluxError { () throws(FluxError) in try dispatcher.unregister(token) }

    guard case .unknownToken? = error else {
      Issue.record("expected unknownToken, got \(String(describing: error))")
      return
    }
  }

  @Test("does not call a callback unregistered earlier in the same dispatch")
  func unregisterDuringDispatch() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let later = Lock<DispatchToken?>(nil)
    dispatcher.register { [weak dispatcher] _ in
      log.append("first")
      let token = later.withLock { token in
        defer { token = nil }
        return token
      }
      if let token { try dispatcher?.unregister(token) }
    }
    let token = dispatcher.register { _ in log.append("second") }
    later.withLock { $0 = token }

    try dispatcher.dispatch(Ping())
    try dispatcher.dispatch(Ping())

    #expect(log.all == ["first", "first"])
  }

  @Test("first calls a callback registered during a dispatch on the next dispatch")
  func registerDuringDispatch() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let registered = Lock(false)
    dispatcher.register { [weak dispatcher] _ in
      log.append("outer")
      let first = registered.withLock { done in
        defer { done = true }
        return !done
      }
      if first { dispatcher?.register { _ in log.append("late") } }
    }

    try dispatcher.dispatch(Ping())
    try dispatcher.dispatch(Ping())

    #expect(log.all == ["outer", "outer", "late"])
  }

  // MARK: Dispatch during dispatch

  @Test("refuses a dispatch from inside a callback with dispatchDuringDispatch")
  func dispatchDuringDispatch() throws {
    let dispatcher = Dispatcher()
    let errors = Log<FluxError>()
    let increments = Log<Int>()
    dispatcher.register(Ping.self) { [weak dispatcher] _ in
      if let error = fluxError({ () throws(FluxError) in
        try dispatcher?.dispatch(Increment(), payload: 1)
      }) {
        errors.append(error)
      }
    }
    dispatcher.register(Increment.self) { result in increments.append(try result.get()) }

    try dispatcher.dispatch(Ping())

    #expect(increments.all.isEmpty)
    guard case .dispatchDuringDispatch(let attempted, let inProgress)? = errors.all.first else {
      Issue.record("expected dispatchDuringDispatch, got \(errors.all)")
      return
    }
    #expect(attempted == "Increment")
    #expect(inProgress == "Ping")
    // The dispatcher is not stuck.
    try dispatcher.dispatch(Increment(), payload: 2)
    #expect(increments.all == [2])
  }

  @Test("throws the refused dispatch's error from the outer dispatch when the callback rethrows")
  func dispatchDuringDispatchPropagates() throws {
    let dispatcher = Dispatcher()
    dispatcher.register(Ping.self) { [weak dispatcher] _ in try dispatcher?.dispatch(Ping()) }

    let error = fluxError { () throws(FluxError) in try dispatcher.dispatch(Ping()) }

    guard case .dispatchDuringDispatch(attempted: "Ping", inProgress: "Ping")? = error else {
      Issue.record("expected dispatchDuringDispatch, got \(String(describing: error))")
      return
    }
    #expect(!dispatcher.isDispatching)
  }

  @Test("lets a Task started from a callback dispatch once the dispatch is over")
  func taskFromCallbackMayDispatch() async throws {
    let dispatcher = Dispatcher()
    let log = Log<Int>()
    let followUp = Lock<Task<Void, any Error>?>(nil)
    dispatcher.register(Ping.self) { [weak dispatcher] _ in
      let task = Task.detached { () throws -> Void in
        try dispatcher?.dispatch(Increment(), payload: 7)
      }
      followUp.withLock { $0 = task }
    }
    dispatcher.register(Increment.self) { result in log.append(try result.get()) }

    try dispatcher.dispatch(Ping())
    try await #require(followUp.withLock { $0 }).value

    #expect(log.all == [7])
  }

  // MARK: waitFor

  @Test("runs awaited callbacks first: A waits for B, which waits for C")
  func waitForChain() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let tokens = Lock<[String: DispatchToken]>([:])
    @Sendable func token(_ name: String) -> DispatchToken? { tokens.withLock { $0[name] } }
    let a = dispatcher.register { [weak dispatcher] _ in
      try dispatcher?.waitFor([token("B")].compactMap { $0 })
      log.append("A")
    }
    let b = dispatcher.register { [weak dispatcher] _ in
      try dispatcher?.waitFor([token("C")].compactMap { $0 })
      log.append("B")
    }
    let c = dispatcher.register { _ in log.append("C") }
    tokens.withLock { $0 = ["A": a, "B": b, "C": c] }

    try dispatcher.dispatch(Ping())

    #expect(log.all == ["C", "B", "A"])
  }

  @Test("does nothing when waiting for a callback that already ran")
  func waitForHandled() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let first = dispatcher.register { _ in log.append("first") }
    dispatcher.register { [weak dispatcher] _ in
      try dispatcher?.waitFor([first])
      log.append("second")
    }

    try dispatcher.dispatch(Ping())

    #expect(log.all == ["first", "second"])
  }

  @Test("throws circularWaitFor naming the cycle A -> B -> A")
  func waitForCycle() throws {
    let dispatcher = Dispatcher()
    let tokens = Lock<[String: DispatchToken]>([:])
    @Sendable func token(_ name: String) -> [DispatchToken] {
      tokens.withLock { $0[name] }.map { [$0] } ?? []
    }
    let a = dispatcher.register { [weak dispatcher] _ in try dispatcher?.waitFor(token("B")) }
    let b = dispatcher.register { [weak dispatcher] _ in try dispatcher?.waitFor(token("A")) }
    tokens.withLock { $0 = ["A": a, "B": b] }

    let error = fluxError { () throws(FluxError) in try dispatcher.dispatch(Ping()) }

    guard case .circularWaitFor(let cycle)? = error else {
      Issue.record("expected circularWaitFor, got \(String(describing: error))")
      return
    }
    #expect(cycle == [a, b, a])
    #expect(error?.description.contains("\(a) -> \(b) -> \(a)") == true)
  }

  @Test("throws circularWaitFor when a callback waits for itself")
  func waitForSelf() throws {
    let dispatcher = Dispatcher()
    let me = Lock<[DispatchToken]>([])
    let token = dispatcher.register { [weak dispatcher] _ in
      try dispatcher?.waitFor(me.withLock { $0 })
    }
    me.withLock { $0 = [token] }

    let error = fluxError { () throws(FluxError) in try dispatcher.dispatch(Ping()) }

    guard case .circularWaitFor(let cycle)? = error else {
      Issue.record("expected circularWaitFor, got \(String(describing: error))")
      return
    }
    #expect(cycle == [token, token])
  }

  @Test("throws waitForOutsideDispatch when no dispatch runs")
  func waitForOutside() {
    let dispatcher = Dispatcher()
    let token = dispatcher.register { _ in }

    let error = fluxError { () throws(FluxError) in try dispatcher.waitFor([token]) }

    guard case .waitForOutsideDispatch? = error else {
      Issue.record("expected waitForOutsideDispatch, got \(String(describing: error))")
      return
    }
  }

  @Test("throws waitForOutsideDispatch on a thread other than the dispatching one")
  func waitForFromOtherThread() async throws {
    let dispatcher = Dispatcher()
    let token = dispatcher.register { _ in }
    let errors = Log<FluxError?>()
    dispatcher.register { [weak dispatcher] _ in
      // Block this dispatch until the other thread has tried.
      let done = DispatchSemaphore(value: 0)
      Thread { [dispatcher] in
        errors.append(fluxError { () throws(FluxError) in try dispatcher?.waitFor([token]) })
        done.signal()
      }.start()
      done.wait()
    }

    try await onWorkerThread { try dispatcher.dispatch(Ping()) }

    guard case .waitForOutsideDispatch?? = errors.all.first else {
      Issue.record("expected waitForOutsideDispatch, got \(errors.all)")
      return
    }
  }

  @Test("throws unknownToken when waiting for an unregistered token")
  func waitForUnknown() throws {
    let dispatcher = Dispatcher()
    let gone = dispatcher.register { _ in }
    try dispatcher.unregister(gone)
    dispatcher.register { [weak dispatcher] _ in try dispatcher?.waitFor([gone]) }

    let error = fluxError { () throws(FluxError) in try dispatcher.dispatch(Ping()) }

    guard case .unknownToken(let token)? = error else {
      Issue.record("expected unknownToken, got \(String(describing: error))")
      return
    }
    #expect(token == gone)
  }

  @Test("waiting for a callback of another action type is a no-op")
  func waitForOtherType() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let increments = dispatcher.register(Increment.self) { _ in log.append("increment") }
    dispatcher.register(Ping.self) { [weak dispatcher] _ in
      try dispatcher?.waitFor([increments])
      log.append("ping")
    }

    try dispatcher.dispatch(Ping())

    #expect(log.all == ["ping"])
  }

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
