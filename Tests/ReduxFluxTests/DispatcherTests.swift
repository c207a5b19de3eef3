import Foundation
import ReduxCore
import ReduxFlux
import ReduxSeam
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

  @Test("releases what a callback captured when it is unregistered, during a dispatch or not")
  func unregisterReleasesCaptures() throws {
    final class Captured: Sendable {}
    let dispatcher = Dispatcher()
    weak var outside: Captured?
    weak var during: Captured?
    let tokens: (outside: DispatchToken, during: DispatchToken) = {
      let first = Captured()
      let second = Captured()
      outside = first
      during = second
      return (
        dispatcher.register { _ in withExtendedLifetime(first) {} },
        dispatcher.register { _ in withExtendedLifetime(second) {} }
      )
    }()
    try dispatcher.unregister(tokens.outside)
    #expect(outside == nil)

    let remover = dispatcher.register { [weak dispatcher] _ in
      try dispatcher?.unregister(tokens.during)
    }
    try dispatcher.dispatch(Ping())
    // Unregistered while the dispatch ran (after its own turn): gone once the dispatch returned.
    #expect(during == nil)
    try dispatcher.unregister(remover)
  }

  @Test("a waitFor on a callback that ran and was unregistered in the same dispatch does nothing")
  func waitForCallbackUnregisteredAfterItRan() throws {
    let dispatcher = Dispatcher()
    let log = Log<String>()
    let first = dispatcher.register { _ in log.append("first") }
    dispatcher.register { [weak dispatcher] _ in
      try dispatcher?.unregister(first)
      try dispatcher?.waitFor([first])
      log.append("second")
    }

    try dispatcher.dispatch(Ping())

    #expect(log.all == ["first", "second"])
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

}
