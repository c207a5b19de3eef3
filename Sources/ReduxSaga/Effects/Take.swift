import ReduxCore

extension SagaContext {
  // `take(_:)` and `takeMaybe(_:)` are inlinable: specialized for `A` in the saga's module,
  // matching and unwrapping the action need no generic metadata (about 600 instructions per
  // take unspecialized).

  /// Waits for the next action of type `A` that the store reduces, and returns it.
  ///
  /// The saga is registered from the moment `take` is called until the action arrives. A saga
  /// resumed by an action runs inside that action's dispatch up to its next wait, so a
  /// `while true { take; put }` loop sees every action, even dispatched back to back. An action
  /// reduced while the saga waits on something else (a `call`, a `delay`) is not seen, as in
  /// redux-saga; use ``actionChannel(_:buffer:)`` to queue actions instead.
  ///
  /// - Throws: `CancellationError` if the saga is cancelled while waiting;
  ///   ``ChannelError/closed`` after ``END``, which ends the saga quietly unless caught.
  @inlinable
  nonisolated(nonsending) public func take<A: Action>(_ type: A.Type) async throws -> A {
    guard
      let action = try await awaitAction(.take(String(describing: A.self)), .of(A.self))?.as(
        A.self)
    else { throw ChannelError.closed }
    return action
  }

  /// Waits for the next action that satisfies `predicate`, and returns it.
  ///
  /// `predicate` runs on the thread that dispatches, under the runtime's lock: keep it pure
  /// and fast, and do not dispatch from it. `description` names the take in monitor events
  /// (``SagaEffect/take(_:)``), so a test can wait until the saga is blocked on this one:
  ///
  /// ```swift
  /// let ping = try await saga.take("even ping") { ($0 as? Ping)?.id.isMultiple(of: 2) == true }
  /// ```
  ///
  /// - Throws: `CancellationError` when cancelled; ``ChannelError/closed`` after ``END``.
  nonisolated(nonsending) public func take(
    _ description: String = "where", where predicate: @escaping @Sendable (any Action) -> Bool
  ) async throws -> any Action {
    let action = try await awaitAction(.take(description), .predicate(predicate))
    guard let action else { throw ChannelError.closed }
    return action
  }

  /// Waits for the next action of type `A`, or returns `nil` once ``END`` is dispatched.
  ///
  /// Unlike ``take(_:)`` it lets the saga go on after END, for instance to clean up.
  @inlinable
  nonisolated(nonsending) public func takeMaybe<A: Action>(_ type: A.Type) async throws -> A? {
    try await awaitAction(.takeMaybe(String(describing: A.self)), .of(A.self))?.as(A.self)
  }

  /// Registers a one-shot watcher and waits for an action that `match` accepts; `nil` after END.
  ///
  /// `effect` is only evaluated when a monitor is installed: describing the action type costs
  /// more than the rest of a take. Not generic, so a take costs no generic metadata lookups.
  /// Nonsending: it runs on its caller's executor (the saga scheduler), so calling it is no
  /// executor switch.
  @usableFromInline
  nonisolated(nonsending) func awaitAction(
    _ effect: @autoclosure () -> SagaEffect, _ match: ActionMatch
  ) async throws -> (any Action)? {
    try await node.awaitAction(
      hub: runtime.hub, slot: TakeSlot.owned(preferring: slot), effect(), match)
  }

  /// Registers a persistent watcher that calls `onAction` for each match (on the thread that
  /// delivers the action, with its origin), and waits until END (returns) or cancellation
  /// (throws).
  func watch<Value: Sendable>(
    _ match: @escaping @Sendable (any Action) -> Value?,
    _ onAction: @escaping @Sendable (Value, ActionOrigin) -> Void
  ) async throws {
    try checkCancellation()
    let hub = runtime.hub
    let id = hub.makeID()
    let waiting = OneShotContinuation<Void>()
    node.waitingForAction()
    defer { node.resumed() }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        waiting.set(continuation)
        let watcher = Watcher(
          id: id,
          offer: { action in
            guard let value = match(action) else { return nil }
            return { origin in onAction(value, origin) }
          },
          end: { waiting.resume(with: .success(())) })
        guard hub.add(watcher) else {
          waiting.resume(with: .success(()))
          return
        }
        if Task.isCancelled, hub.remove(id) != nil {
          waiting.resume(with: .failure(CancellationError()))
        }
      }
    } onCancel: {
      if hub.remove(id) != nil { waiting.resume(with: .failure(CancellationError())) }
    }
  }
}

extension SagaNode {
  /// The body of every take: registers a one-shot watcher, pauses this saga's work while it
  /// waits, and reports the effect to the monitor once registered. Nonsending, like
  /// ``SagaContext/awaitAction(_:_:)``.
  ///
  /// In a saga task's own code (`slot` is the task's ``TakeSlot``), the take registers under
  /// the slot, which the task's canceller withdraws; elsewhere (a task that saga code started,
  /// `slot` nil) it installs a cancellation handler of its own.
  nonisolated(nonsending) func awaitAction(
    hub: ActionHub, slot: TakeSlot?, _ effect: @autoclosure () -> SagaEffect,
    _ match: ActionMatch
  ) async throws -> (any Action)? {
    // A withdrawn slot is a cancelled task, or one about to be (see TakeSlot): no need to ask
    // the task, or this node's lock.
    if let slot {
      if slot.isWithdrawn { throw CancellationError() }
    } else if Task.isCancelled || shouldStop {
      throw CancellationError()
    }
    // The id is drawn before registering, so the closure that reports the start captures a
    // constant: a captured `var` would be a heap box per take.
    let effectID = hooks.monitor == nil ? nil : hooks.nextEffectID()
    waitingForAction()
    do {
      let taken: TakenAction?
      if let slot {
        taken = try await register(in: hub, id: slot.id, match, cancelledBy: slot) {
          if let effectID { effectStarted(effectID, effect()) }
        }
      } else {
        let id = hub.makeID()
        taken = try await withTaskCancellationHandler {
          try await register(in: hub, id: id, match, cancelledBy: nil) {
            if let effectID { effectStarted(effectID, effect()) }
          }
        } onCancel: {
          hub.remove(id)?.cancel()
        }
      }
      // Taken inside the dispatch that delivered the action: this saga now works for it.
      if let taken { resumed(byActionOf: taken.origin) } else { resumed() }
      if let effectID { effectEnded(effectID, effect(), .resolved) }
      return taken?.action
    } catch {
      resumed()
      if let effectID {
        effectEnded(effectID, effect(), error is CancellationError ? .cancelled : .rejected(error))
      }
      throw error
    }
  }

  /// Registers a take under `id` and waits until whoever removes it from the hub resumes it;
  /// `registered` runs once it is registered (an observer may then dispatch the awaited
  /// action). The caller makes sure a cancellation removes `id`; a cancellation that came
  /// before the take was registered, seen on `slot` (or on the task without one), ends it.
  private nonisolated(nonsending) func register(
    in hub: ActionHub, id: UInt64, _ match: ActionMatch, cancelledBy slot: TakeSlot?,
    registered: () -> Void
  ) async throws -> TakenAction? {
    // Unsafe: the watcher is resumed exactly once, by whoever removes it from the hub (a
    // checked continuation allocates a canary per take). Isolated to the caller's isolation,
    // as in `put`.
    try await withUnsafeThrowingContinuation(isolation: #isolation) {
      (continuation: UnsafeContinuation<TakenAction?, any Error>) in
      guard hub.add(Watcher(id: id, take: match, continuation)) else {
        continuation.resume(returning: nil)
        return
      }
      if slot?.isWithdrawn ?? Task.isCancelled, let watcher = hub.remove(id) {
        watcher.cancel()
        return
      }
      registered()
    }
  }
}
