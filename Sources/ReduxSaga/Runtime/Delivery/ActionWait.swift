import ReduxCore

// A take: a one-shot watcher in the action hub, registered under the saga task's take slot
// (see TakeSlot) or, in a task that saga code started, with a cancellation handler of its own.

extension SagaContext {
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
    let action = try await node.awaitAction(
      hub: runtime.hub, slot: TakeSlot.owned(preferring: slot), effect(), match)
    // END ended a `take` (not a `takeMaybe`, which expects it): a SagaTest records the wait.
    // Here rather than in the inlinable `take`, which the recording made too large to inline.
    if action == nil, runtime.recorder != nil, case .take(let pattern) = effect() {
      endedWaiting(for: pattern, isTake: true)
    }
    return action
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
      guard hub.add(Watcher(id: id, waiter: self, take: match, continuation)) else {
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
