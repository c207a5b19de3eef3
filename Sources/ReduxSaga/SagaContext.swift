import ReduxCore

/// The effects a saga runs: its only way to read the store, wait for actions, dispatch, call
/// functions, and start other sagas.
///
/// A saga is an `async throws` function of a context. Effects that wait (`take`, `call`,
/// `delay`, `join`, `race`, `all`) throw `CancellationError` when the saga is cancelled;
/// `put`, `select` and `fork` do not, so they also work in cleanup code after cancellation.
///
/// Every saga of one ``SagaMiddleware`` runs on one serial scheduler: a saga resumed by an
/// action runs inside that action's `dispatch`, up to its next wait.
///
/// ```swift
/// func fetchUser(_ saga: SagaContext<AppState>) async throws {
///   while true {
///     let request = try await saga.take(FetchUser.self)
///     do {
///       let user = try await saga.call("fetchUser") { try await api.user(request.id) }
///       await saga.put(UserLoaded(user: user))
///     } catch {
///       await saga.put(UserFailed(message: "\(error)"))
///     }
///   }
/// }
/// ```
public struct SagaContext<State: Sendable>: Sendable {
  let runtime: SagaRuntime<State>
  let node: SagaNode
  /// The take slot of the saga task this context was made for.
  let slot: TakeSlot?

  /// The names of the sagas from the root to this one.
  public var sagaStack: [String] { node.stack }

  /// Whether this saga was cancelled, as opposed to ending normally or being aborted by a
  /// failing fork: check it in a `catch` to tell cancellation cleanup from error handling.
  public var isCancelled: Bool {
    node.isCancelled || (Task.isCancelled && !node.isAborted)
  }

  /// Dispatches an action to the store and returns once it has been processed: reduced, and
  /// seen by every saga it resumes, which have run up to their next wait. So a `select` after
  /// `put` sees the action (redux-saga resumes a saga after its put's dispatch, too).
  ///
  /// The action is held until the sagas running now reach their next wait, then dispatched in
  /// the order the puts were made (redux-saga's scheduling): a fork's put reaches its parent's
  /// next `take`. If the store is busy on another thread, the action is queued there and `put`
  /// resumes when it has been processed. Works after cancellation, so a cancelled saga can
  /// report it. Returns at once once the store has been released.
  nonisolated(nonsending) public func put(_ action: any Action) async {
    let effectID = started(.put(action))
    let scheduler = runtime.scheduler
    let origin = node.currentOrigin
    // Unsafe: the scheduler resumes each held put exactly once (a checked continuation
    // allocates a canary per put). Isolated to the caller's isolation, which this nonsending
    // function shares: a saga resumes on the saga scheduler, an actor on its actor.
    await withUnsafeContinuation(isolation: #isolation) {
      (continuation: UnsafeContinuation<Void, Never>) in
      scheduler.hold(
        HeldPut(
          action: action, origin: origin, continuation: continuation, scheduler: scheduler))
    }
    if let effectID { report(effectID, .put(action), .resolved) }
  }

  /// Returns the store's latest committed state.
  public func select() -> State {
    runtime.context.state
  }

  /// Returns a value read from the store's latest committed state.
  public func select<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    runtime.context.state[keyPath: keyPath]
  }

  /// Returns a value computed from the store's latest committed state.
  public func select<Value>(_ selector: (State) throws -> Value) rethrows -> Value {
    try selector(runtime.context.state)
  }

  /// Throws `CancellationError` if this saga (or the task running this code) must stop.
  func checkCancellation() throws {
    if Task.isCancelled || node.shouldStop { throw CancellationError() }
  }

  // MARK: Monitoring

  /// Reports that an effect started; returns its id, or `nil` when nobody monitors.
  func started(_ effect: @autoclosure () -> SagaEffect) -> UInt64? {
    guard let monitor = runtime.monitor else { return nil }
    let id = runtime.nextEffectID()
    monitor(
      SagaMonitorEvent(effectID: id, sagaStack: node.stack, effect: effect(), phase: .started))
    return id
  }

  func report(_ id: UInt64, _ effect: SagaEffect, _ phase: SagaMonitorEvent.Phase) {
    runtime.monitor?(
      SagaMonitorEvent(effectID: id, sagaStack: node.stack, effect: effect, phase: phase))
  }

  /// Runs an effect's work and reports its end to the monitor.
  func monitored<Value>(
    _ effectID: UInt64?, _ effect: @autoclosure () -> SagaEffect,
    _ body: () async throws -> Value
  ) async throws -> Value {
    guard let effectID else { return try await body() }
    do {
      let value = try await body()
      report(effectID, effect(), .resolved)
      return value
    } catch {
      report(effectID, effect(), error is CancellationError ? .cancelled : .rejected(error))
      throw error
    }
  }

  /// Runs a waiting effect: checks cancellation first, then reports it to the monitor.
  func perform<Value>(
    _ effect: @autoclosure () -> SagaEffect, _ body: () async throws -> Value
  ) async throws -> Value {
    try checkCancellation()
    return try await monitored(started(effect()), effect(), body)
  }
}
