import ReduxCore

extension SagaContext {
  /// Forks `worker` for an action of type `A` once no other such action has arrived for
  /// `interval`; each new action restarts the wait and replaces the pending one.
  ///
  /// A worker already running is not cancelled by later actions. Time is the runtime's clock.
  /// It is an attached fork with the same cancellation and error rules as
  /// ``takeEvery(_:name:_:)``.
  ///
  /// - Parameters:
  ///   - type: The action type to react to.
  ///   - interval: How long the interval lasts, on the runtime's clock.
  ///   - name: The helper's name; workers are named `"<name> worker"`.
  ///   - worker: The saga to run for an action.
  @discardableResult
  public func debounce<A: Action>(
    _ type: A.Type, for interval: Duration, name: String? = nil,
    _ worker: @escaping @Sendable (SagaContext<State>, A) async throws -> Void
  ) -> SagaTask<Void> {
    let name = name ?? "debounce(\(A.self))"
    let timerName = "\(name) timer"
    let pending = Protected<(generation: Int, timer: SagaTask<Void>?)>((0, nil))
    // At END the pending timer is cancelled: no worker starts after END, as in redux-saga.
    let cancelPending: @Sendable () -> Void = {
      pending.withLock { pending in
        pending.generation += 1
        defer { pending.timer = nil }
        return pending.timer
      }?.node.cancel()
    }
    return actionHelper(
      name: name, match: { $0.as(A.self) }, worker: worker, onEnd: cancelPending
    ) { action, origin, helper, startWorker in
      let (generation, previous) = pending.withLock { pending in
        pending.generation += 1
        return (pending.generation, pending.timer)
      }
      previous?.node.cancel()
      let timer = helper.fork(timerName, origin: origin, immediately: false) { timer in
        try await timer.delay(interval)
        let isLatest = pending.withLock { pending in
          guard pending.generation == generation else { return false }
          pending.timer = nil
          return true
        }
        if isLatest { _ = startWorker(action, origin) }
      }
      pending.withLock { pending in
        if pending.generation == generation { pending.timer = timer }
      }
    }
  }
}
