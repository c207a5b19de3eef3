import Foundation
import ReduxCore
import ReduxFlux
import ReduxSeam
import Testing

extension DispatcherTests {
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

}
