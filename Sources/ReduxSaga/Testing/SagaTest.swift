import ReduxCore

/// Runs a saga against a given state and scripted actions, with named calls stubbed, and
/// reports what it returned, put and called, and the final state: the spirit of
/// redux-saga-test-plan's `expectSaga`.
///
/// ```swift
/// let result = try await SagaTest(fetchUserSaga, state: AppState(), reducer: appReducer)
///   .provide(call: "fetchUser") { (id: Int) async throws -> User in User(id: id, name: "Ada") }
///   .dispatch(FetchUser(id: 1))
///   .run()
/// #expect(result.puts(of: UserLoaded.self) == [UserLoaded(user: User(id: 1, name: "Ada"))])
/// #expect(result.state.user?.name == "Ada")
/// #expect(result.calls.map(\.description) == ["fetchUser(1)"])
/// ```
///
/// ## How it runs
/// The saga runs on a real `Store` with the reducer. Each scripted action is dispatched as
/// soon as some saga is waiting for it (a `take`, an action channel or a helper), so a test
/// never loses an action to timing; then ``END`` is dispatched and `run` waits for the saga
/// and its forks to finish. `delay` returns at once unless you pass a clock. Calls made with
/// ``SagaContext/call(_:_:)``, ``SagaContext/call(_:with:_:)``, ``SagaContext/cps(_:_:)`` or
/// ``SagaContext/retry(_:maxTries:delay:_:)`` under a provided name run the stub instead.
///
/// ## When the script does not fit the saga
/// `run` throws rather than hangs or passes silently; each error's description says what to
/// change:
/// - a scripted action that no saga waits for within ``timeout(_:)`` (1 second of real time by
///   default; only a failing test waits for it) throws
///   ``SagaTestError/actionNotTaken(_:waiting:timeout:)``, naming the sagas that were waiting
///   and for what, and cancels the saga;
/// - a saga still waiting, when the script ends, for an action it has not taken once in the
///   run (END ended its `take`, or its `takeEvery`, `takeLatest`...) throws
///   ``SagaTestError/waitingAtEnd(_:)``: script the actions it waits for, or call
///   ``allowWaitingAtEnd()``. A loop back at its `take` after taking actions passes;
/// - a stub whose name no call of the run used (a typo) throws
///   ``SagaTestError/stubNotCalled(_:calls:)``, naming the calls the saga did make.
///
/// ## Stores other than a plain reducer
/// ``init(_:store:)`` builds the store yourself from the saga middleware, so the saga runs
/// next to your own middleware, a command reducer or effects: anything that makes a `Store`.
public struct SagaTest<State: Sendable, Value: Sendable>: Sendable {
  private let saga: @Sendable (SagaContext<State>) async throws -> Value
  private let makeStore: @Sendable (_ sagaMiddleware: Middleware<State>) -> Store<State>
  private var stubs: [String: CallStub] = [:]
  private var actions: [any Action] = []
  private var clock: any Clock<Duration> = InstantClock()
  private var takeTimeout: Duration = .seconds(1)
  private var allowsWaitingAtEnd = false

  /// Prepares a test of `saga`, starting from `state`, reducing with `reducer`, with
  /// `middleware` before the saga middleware (so what they drop never reaches the saga).
  public init(
    _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value,
    state: State, reducer: Reducer<State> = .empty, middleware: [Middleware<State>] = []
  ) {
    self.init(saga) { sagaMiddleware in
      Store(initialState: state, reducer: reducer, middleware: middleware + [sagaMiddleware])
    }
  }

  /// Prepares a test of `saga` on a store you build around the saga middleware.
  ///
  /// Use it when the app's store is not a plain reducer: a ReduxCommand command reducer, a
  /// ReduxEffects store, or middleware in a particular order. Put the saga middleware where
  /// the app puts it:
  ///
  /// ```swift
  /// let test = SagaTest(searchSaga) { sagas in
  ///   Store(initialState: Search(), commandReducer: searchReducer, middleware: [sagas])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - saga: The saga under test.
  ///   - store: Builds a new store that includes the middleware it is given; called once per
  ///     ``run()``.
  public init(
    _ saga: @escaping @Sendable (SagaContext<State>) async throws -> Value,
    store: @escaping @Sendable (_ sagaMiddleware: Middleware<State>) -> Store<State>
  ) {
    self.saga = saga
    self.makeStore = store
  }

  /// Replaces the call named `name` by a function of the call's argument.
  ///
  /// If the call's argument or result type differs, the call throws
  /// ``SagaTestError/stubTypeMismatch(call:expected:got:)``.
  public func provide<Argument: Sendable, Result: Sendable>(
    call name: String, _ stub: @escaping @Sendable (Argument) async throws -> Result
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
  public func provide<Result: Sendable>(
    call name: String, _ stub: @escaping @Sendable () async throws -> Result
  ) -> Self {
    var copy = self
    copy.stubs[name] = CallStub { _ in try await stub() }
    return copy
  }

  /// Makes the call named `name` return `value`.
  public func provide<Result: Sendable>(call name: String, returning value: Result) -> Self {
    provide(call: name) { () async throws -> Result in value }
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

  /// Sets how long `run` waits, in real time, for some saga to take a scripted action before
  /// it throws ``SagaTestError/actionNotTaken(_:waiting:timeout:)``; 1 second by default.
  ///
  /// A passing test never waits for it: each action is dispatched as soon as a saga waits for
  /// it. Raise it only for a saga that does slow real work before its `take`.
  public func timeout(_ duration: Duration) -> Self {
    var copy = self
    copy.takeTimeout = duration
    return copy
  }

  /// Lets the run end while sagas wait for actions they have not taken in the run: END ends
  /// their waits quietly, and ``SagaTestResult/waitingAtEnd`` lists them.
  ///
  /// Without it, `run` throws ``SagaTestError/waitingAtEnd(_:)`` when a saga (or a take
  /// helper) waits, at the end of the script, for an action it never took: the script left
  /// out an action the saga needs, and what the saga does after it was never tested. A loop
  /// back at its `take` after taking actions is never reported. Opt out when the test means to
  /// leave a wait untouched, such as one helper of a root saga that registers several:
  ///
  /// ```swift
  /// let result = try await SagaTest(rootSaga, state: AppState())
  ///   .dispatch(Search(query: "swift"))
  ///   .allowWaitingAtEnd()  // the root's takeEvery(Refresh) is not tested here
  ///   .run()
  /// #expect(result.waitingAtEnd.contains("test > takeEvery(Refresh) waits for Refresh"))
  /// ```
  public func allowWaitingAtEnd() -> Self {
    var copy = self
    copy.allowsWaitingAtEnd = true
    return copy
  }

  /// Makes `delay` and the timed helpers wait on `clock` (for instance a test clock you
  /// advance from another task) instead of returning at once.
  public func clock(_ clock: any Clock<Duration>) -> Self {
    var copy = self
    copy.clock = clock
    return copy
  }

  /// Runs the saga to its end and returns its value, what it put and called, and the final
  /// state.
  ///
  /// - Throws: The saga's error; ``SagaTestError/actionNotTaken(_:waiting:timeout:)`` if no
  ///   saga took a scripted action before it finished or within the timeout;
  ///   ``SagaTestError/waitingAtEnd(_:)`` if sagas still waited for actions when the script
  ///   ended, unless ``allowWaitingAtEnd()``; ``SagaTestError/stubNotCalled(_:calls:)`` if a
  ///   stub replaced no call of the run.
  public func run() async throws -> SagaTestResult<State, Value> {
    let recorder = SagaTestRecorder()
    let sagas = SagaMiddleware<State>(
      clock: clock, interceptor: SagaInterceptor(stubs: stubs, recorder: recorder))
    let store = makeStore(sagas.middleware)
    let root = sagas.run("test", saga)
    let takers = sagas.runtime.core.takers
    root.node.onFinish { recorder.stopWaiting(nil) }
    for (id, action) in actions.enumerated() {
      // A real-time limit: a saga that loops on other actions would otherwise never finish.
      let timer = Task { [takeTimeout] in
        try await ContinuousClock().sleep(for: takeTimeout)
        recorder.stopWaiting(id)
      }
      let isTaken = await recorder.waitForTaker(id) { takers.wouldTake(action) }
      timer.cancel()
      guard isTaken else {
        let waiting = takers.waitDescriptions()
        root.cancel()
        _ = await root.result
        throw SagaTestError.actionNotTaken(
          String(describing: action), waiting: waiting, timeout: takeTimeout)
      }
      store.dispatch(action)
    }
    store.dispatch(END())
    let value: Value
    do {
      value = try await root.value
    } catch ChannelError.closed where !allowsWaitingAtEnd && !recorder.unmetWaits.isEmpty {
      // A saga that returns a value, ended by END in a `take`.
      throw SagaTestError.waitingAtEnd(recorder.unmetWaits)
    }
    let unmet = recorder.unmetWaits
    if !unmet.isEmpty, !allowsWaitingAtEnd {
      throw SagaTestError.waitingAtEnd(unmet)
    }
    let called = recorder.callNames
    if let unused = stubs.keys.sorted().first(where: { !called.contains($0) }) {
      throw SagaTestError.stubNotCalled(unused, calls: called)
    }
    return SagaTestResult(
      value: value, puts: recorder.puts, calls: recorder.calls,
      waitingAtEnd: recorder.endedWaits,
      state: store.state)
  }
}
