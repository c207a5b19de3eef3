import Logging
import ReduxCore

/// Runs a saga without a store (redux-saga's `runSaga`): its takes see what you send to
/// `input`, its puts go to `dispatch`, and its `select` reads `getState`.
///
/// ```swift
/// let input = SagaInput()
/// let task = runSaga(
///   input: input,
///   dispatch: { action in log.append(action) },
///   getState: { AppState() },
///   saga: { saga in
///     let request = try await saga.take(FetchUser.self)
///     await saga.put(UserLoaded(id: request.id))
///   })
/// input.send(FetchUser(id: 7))
/// ```
///
/// The saga runs at once, on the calling thread, up to its first wait, as
/// ``SagaMiddleware/run(_:_:)`` runs one; everything a saga can do works the same, forks
/// included. A `put` calls `dispatch` and resumes once it returns; what the saga puts reaches
/// its own takes only if `dispatch` sends it to `input`. Cancel the returned task to stop the
/// saga; sending ``END`` to `input` ends its takes.
///
/// - Parameters:
///   - name: The root saga's name in saga stacks and monitor events.
///   - input: Where the actions the saga's takes see come from.
///   - dispatch: Receives each action the saga puts, in order, on the thread that runs sagas.
///   - getState: What `select` reads; called on the thread that runs sagas.
///   - emitter: Decides what the sagas see of each action sent to `input` (see
///     ``SagaEmitter``).
///   - clock: The clock `delay`, `throttle`, `debounce` and `retry` wait on.
///   - onError: Called with each error that ends the saga or a spawned one; without it, the
///     error is logged through `logger`.
///   - logger: Where failures go when there is no `onError`.
///   - monitor: Called as effects start and end (see ``SagaMonitorEvent``).
///   - context: The root saga's starting context (see ``SagaContext/getContext(_:as:)``).
///   - saga: The saga's body.
/// - Returns: The saga's task.
@discardableResult
public func runSaga<State: Sendable, Value: Sendable>(
  _ name: String = "root",
  input: SagaInput = SagaInput(),
  dispatch: @escaping @Sendable (any Action) -> Void = { _ in },
  getState: @escaping @Sendable () -> State,
  emitter: SagaEmitter? = nil,
  clock: any Clock<Duration> = ContinuousClock(),
  onError: (@Sendable (SagaError) -> Void)? = nil,
  logger: Logger = Logger(label: "ReduxSaga"),
  monitor: (@Sendable (SagaMonitorEvent) -> Void)? = nil,
  context: [String: any Sendable] = [:],
  saga: @escaping @Sendable (SagaContext<State>) async throws -> Value
) -> SagaTask<Value> {
  let runtime = SagaRuntime<State>(
    clock: clock, onError: onError, logger: logger, monitor: monitor, emitter: emitter,
    getState: getState)
  runtime.dispatchPuts(to: dispatch)
  let id = input.connect { action in runtime.deliver(action, origin: .untracked) }
  let task = runtime.startRoot(name: name, context: context, saga)
  task.node.onFinish { input.disconnect(id) }
  return task
}
