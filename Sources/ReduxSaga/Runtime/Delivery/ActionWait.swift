import ReduxCore

// A take: a one-shot watcher in the action hub, registered under the saga task's take slot
// (see TakeSlot) or, where the runtime cannot tell the task (RunningSlot), with a cancellation
// handler of its own.
//
// The async functions here keep only what must outlive the wait in their frames: a frame is
// allocated from the saga task's allocator, whose slabs hold about 1 KB, and a frame larger than
// that gets a slab (a malloc) of its own. Building the monitor's effects and events inside the
// async function made its frame 1,120 bytes, a malloc per saga; they are built in synchronous
// helpers, whose locals live on the thread's stack, kept out of line (`@inline(never)`): inlined,
// their locals would be in the async frame again.

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
      hub: runtime.hub, running: RunningSlot.token, effect, match)
    if action == nil { takeEnded(effect) }
    return action
  }

  /// END ended a `take` (not a `takeMaybe`, which expects it): a SagaTest records the wait.
  /// Here rather than in the inlinable `take`, which the recording made too large to inline.
  @inline(never)
  private func takeEnded(_ effect: () -> SagaEffect) {
    if runtime.recorder != nil, case .take(let pattern) = effect() {
      endedWaiting(for: pattern, isTake: true)
    }
  }
}

extension SagaNode {
  /// The body of every take: registers a one-shot watcher, pauses this saga's work while it
  /// waits, and reports the effect to the monitor once registered. Nonsending, like
  /// ``SagaContext/awaitAction(_:_:)``.
  ///
  /// In a saga task's own code (`running` names the task's ``TakeSlot``), the take registers
  /// under the slot, which the task's canceller withdraws; elsewhere (a task group's child, or
  /// code the runtime cannot place) it installs a cancellation handler of its own.
  nonisolated(nonsending) func awaitAction(
    hub: ActionHub, running: RunningSlot.Token, _ effect: () -> SagaEffect, _ match: ActionMatch
  ) async throws -> (any Action)? {
    let slot = running.slot
    // A withdrawn slot is a cancelled task, or one about to be (see TakeSlot): no need to ask
    // the task, or this node's lock.
    if let slot {
      if slot.isWithdrawn { throw CancellationError() }
    } else if Task.isCancelled || shouldStop {
      throw CancellationError()
    }
    let effectID = hooks.monitor == nil ? nil : hooks.nextEffectID()
    waitingForAction()
    let taken: TakenAction
    do {
      if let slot {
        // Unsafe: the watcher is resumed exactly once, by whoever removes it from the hub (a
        // checked continuation allocates a canary per take). Isolated to the caller's
        // isolation, as in `put`.
        taken = try await withUnsafeThrowingContinuation(isolation: #isolation) { continuation in
          register(continuation, in: hub, id: slot.id, match, cancelledBy: slot, effectID, effect)
        }
      } else {
        taken = try await awaitActionCancellingItself(hub: hub, effectID, effect, match)
      }
    } catch {
      RunningSlot.resume(running)
      // END: the take returns nil.
      if error is InputEnded { return tookEnd(effectID, effect) }
      takeFailed(error, effectID, effect)
      throw error
    }
    // The task resumed in a new job of the scheduler: it is still the slot's.
    RunningSlot.resume(running)
    return took(taken, effectID, effect)
  }

  /// A take whose task's slot the runtime does not know: a cancellation handler of its own.
  @inline(never)
  private nonisolated(nonsending) func awaitActionCancellingItself(
    hub: ActionHub, _ effectID: UInt64?, _ effect: () -> SagaEffect, _ match: ActionMatch
  ) async throws -> TakenAction {
    let id = hub.makeID()
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation(isolation: #isolation) { continuation in
        register(continuation, in: hub, id: id, match, cancelledBy: nil, effectID, effect)
      }
    } onCancel: {
      hub.remove(id)?.cancel()
    }
  }

  /// Registers a take under `id`, resumed through `continuation` by whoever removes it from
  /// the hub, and reports its start once it is registered (an observer may then dispatch the
  /// awaited action). The caller makes sure a cancellation removes `id`; a cancellation that
  /// came before the take was registered, seen on `slot` (or on the task without one), ends it.
  @inline(never)
  private func register(
    _ continuation: UnsafeContinuation<TakenAction, any Error>, in hub: ActionHub, id: UInt64,
    _ match: ActionMatch, cancelledBy slot: TakeSlot?, _ effectID: UInt64?,
    _ effect: () -> SagaEffect
  ) {
    guard hub.add(Watcher(id: id, waiter: self, take: match, continuation)) else {
      continuation.resume(throwing: InputEnded())
      return
    }
    if slot?.isWithdrawn ?? Task.isCancelled, let watcher = hub.remove(id) {
      watcher.cancel()
      return
    }
    if let effectID { effectStarted(effectID, effect()) }
  }

  /// The take returned: taken inside the dispatch that delivered the action, this saga now
  /// works for it. Returns the action, so the async frame holds no copy.
  @inline(never)
  private func took(_ taken: TakenAction, _ effectID: UInt64?, _ effect: () -> SagaEffect)
    -> (any Action)?
  {
    resumed(byActionOf: taken.origin)
    if let effectID { effectEnded(effectID, effect(), .resolved) }
    return taken.action
  }

  /// The take ended at END: it returns nil.
  @inline(never)
  private func tookEnd(_ effectID: UInt64?, _ effect: () -> SagaEffect) -> (any Action)? {
    resumed()
    if let effectID { effectEnded(effectID, effect(), .resolved) }
    return nil
  }

  /// The take threw (cancelled, most often).
  @inline(never)
  private func takeFailed(_ error: any Error, _ effectID: UInt64?, _ effect: () -> SagaEffect) {
    resumed()
    if let effectID {
      effectEnded(effectID, effect(), error is CancellationError ? .cancelled : .rejected(error))
    }
  }
}
