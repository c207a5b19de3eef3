import ReduxCore

/// Runs a saga against a given state and scripted actions, with named calls stubbed, and
/// reports what it put and the final state: the spirit of redux-saga-test-plan's `expectSaga`.
///
/// ```swift
/// let result = try await SagaTest(fetchUserSaga, state: AppState(), reducer: appReducer)
///   .provide(call: "fetchUser") { (id: Int) async throws -> User in User(id: id, name: "Ada") }
///   .dispatch(FetchUser(id: 1))
///   .run()
/// #expect(result.puts(of: UserLoaded.self) == [UserLoaded(user: User(id: 1, name: "Ada"))])
/// #expect(result.state.user?.name == "Ada")
/// ```
///
/// ## How it runs
/// The saga runs on a real `Store` with the reducer. Each scripted action is dispatched as
/// soon as some saga is waiting for it (a `take`, an action channel or a helper), so a test
/// never loses an action to timing; then ``END`` is dispatched and `run` waits for the saga
/// and its forks to finish. `delay` returns at once unless you pass a clock. Calls made with
/// ``SagaContext/call(_:_:)``, ``SagaContext/call(_:with:_:)``, ``SagaContext/cps(_:_:)`` or
/// ``SagaContext/retry(_:maxTries:delay:_:)`` under a provided name run the stub instead.
public struct SagaTest<State: Sendable>: Sendable {
  private let saga: @Sendable (SagaContext<State>) async throws -> Void
  private let initialState: State
  private let reducer: Reducer<State>
  private var stubs: [String: CallStub] = [:]
  private var actions: [any Action] = []
  private var clock: any Clock<Duration> = InstantClock()

  /// Prepares a test of `saga`, starting from `state`, reducing with `reducer`.
  public init(
    _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Void,
    state: State, reducer: Reducer<State> = .empty
  ) {
    self.saga = saga
    self.initialState = state
    self.reducer = reducer
  }

  /// Replaces the call named `name` by a function of the call's argument.
  ///
  /// If the call's argument or result type differs, the call throws
  /// ``SagaTestError/stubTypeMismatch(call:expected:got:)``.
  public func provide<Argument: Sendable, Value: Sendable>(
    call name: String, _ stub: @escaping @Sendable (Argument) async throws -> Value
  ) -> Self {
    var copy = self
    copy.stubs[name] = CallStub { argument in
      guard let argument = argument as? Argument else {
        throw SagaTestError.stubTypeMismatch(
          call: name, expected: String(describing: Argument.self),
          got: String(describing: type(of: argument)))
      }
      return try await stub(argument)
    }
    return copy
  }

  /// Replaces the call named `name` (one without an argument) by a function.
  public func provide<Value: Sendable>(
    call name: String, _ stub: @escaping @Sendable () async throws -> Value
  ) -> Self {
    var copy = self
    copy.stubs[name] = CallStub { _ in try await stub() }
    return copy
  }

  /// Makes the call named `name` return `value`.
  public func provide<Value: Sendable>(call name: String, returning value: Value) -> Self {
    provide(call: name) { () async throws -> Value in value }
  }

  /// Makes the call named `name` throw `error`.
  public func provide(call name: String, throwing error: any Error) -> Self {
    provide(call: name) { () async throws -> Int in throw error }
  }

  /// Adds an action to dispatch once a saga waits for it; actions go in the order added.
  public func dispatch(_ action: any Action) -> Self {
    var copy = self
    copy.actions.append(action)
    return copy
  }

  /// Makes `delay` and the timed helpers wait on `clock` (for instance a test clock you
  /// advance from another task) instead of returning at once.
  public func clock(_ clock: any Clock<Duration>) -> Self {
    var copy = self
    copy.clock = clock
    return copy
  }

  /// Runs the saga to its end and returns what it put and the final state.
  ///
  /// - Throws: The saga's error; ``SagaTestError/actionNotTaken(_:)`` if the saga finished
  ///   while a scripted action was still waiting for a taker.
  public func run() async throws -> SagaTestResult<State> {
    let puts = Protected<[any Action]>([])
    let sagas = SagaMiddleware<State>(
      clock: clock,
      monitor: { event in
        if case .put(let action) = event.effect, case .started = event.phase {
          puts.withLock { $0.append(action) }
        }
      })
    let store = Store(initialState: initialState, reducer: reducer, middleware: [sagas.middleware])
    let runtime = sagas.runtime
    runtime.stubs.withLock { [stubs] in $0 = stubs }
    let root = sagas.run("test", saga)
    let hub = runtime.hub
    for action in actions {
      let waitID = hub.makeID()
      root.node.onFinish { hub.stopWaiting(waitID) }
      guard await hub.waitForWatcher(matching: action, id: waitID) else {
        _ = await root.result
        throw SagaTestError.actionNotTaken(String(describing: action))
      }
      store.dispatch(action)
    }
    store.dispatch(END())
    try await root.value
    return SagaTestResult(puts: puts.withLock { $0 }, state: store.state)
  }
}

/// What a ``SagaTest`` run produced.
public struct SagaTestResult<State: Sendable>: Sendable {
  /// Every action the saga and its forks put, in the order they were put.
  public let puts: [any Action]
  /// The store's state after the run.
  public let state: State

  /// The put actions of type `A`, in order.
  public func puts<A: Action>(of type: A.Type) -> [A] {
    puts.compactMap { $0.as(A.self) }
  }
}

/// A ``SagaTest`` run could not go as scripted.
public enum SagaTestError: Error, Equatable, Sendable {
  /// The saga finished (or END arrived) while this scripted action still had no taker.
  case actionNotTaken(String)
  /// A stub's argument or result type does not match the call it replaces.
  case stubTypeMismatch(call: String, expected: String, got: String)
}

/// A clock whose sleeps end at once (after checking cancellation), moving its time forward.
struct InstantClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let time = Protected(Duration.zero)

  var now: Instant { Instant(offset: time.withLock { $0 }) }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    time.withLock { now in now = max(now, deadline.offset) }
    await Task.yield()
    try Task.checkCancellation()
  }
}
