import ReduxSeam

extension Store {
  /// Installs the test probe: called by the processing thread after each action's reducer ran,
  /// outside the lock. It also makes the store track all work, untracked origins included, so
  /// that ``waitForWork(origin:)`` with nil covers everything. One probe per store.
  package func installProbe(
    _ probe: @escaping @Sendable (ProcessedAction<any Action, State>) -> Void
  ) {
    engine.installProbe(probe)
  }

  /// The store's work ledger: what a test waits for, lists and cancels (ReduxTesting).
  package var workLedger: WorkLedger { engine.ledger }

  /// Sends the runtime warnings of this store's reducer to `handler` from now on, in place of
  /// the handler the store was created with (a test store fails the test with them).
  package func installRuntimeWarningHandler(
    _ handler: @escaping @Sendable (RuntimeWarning) -> Void
  ) {
    engine.installWarnings(RuntimeWarningHandler(handler))
  }

  /// Dispatches an action that is its own ``TrackedDispatch``, as
  /// `MiddlewareContext.dispatch(_:)` does.
  @inlinable
  package func dispatch(_ tracked: any TrackedDispatch) {
    engine.dispatch(tracked, through: chain)
  }
}

extension StoreEngine {
  /// Tells the test probe about the action just reduced and the state it committed; called by
  /// the probe's subscriber, first among the subscribers (tests only, so it may lock again).
  func report(committing state: State) {
    let (probe, probed) = lock.withLock { core in
      defer { core.tracking.probed = nil }
      return (core.tracking.probe, core.tracking.probed)
    }
    guard let probe, let probed else { return }
    probe(
      ProcessedAction(
        action: probed.action, origin: probed.processing.origin,
        isSent: probed.processing.isSent, state: state))
  }

  func installProbe(_ probe: @escaping @Sendable (ProcessedAction<any Action, State>) -> Void) {
    // A subscriber first in line: the commit paths notify only when there are subscribers, so
    // the probe costs nothing on a store without one.
    let subscriber = StateSubscriber<State>(
      onChange: { [weak self] state in self?.report(committing: state) }, onFinish: nil)
    let hadProbe = lock.withLock { core in
      defer {
        core.tracking.probe = probe
        ledger.trackAll()
        core.subscribers.all.insert(subscriber, at: 0)
      }
      return core.tracking.probe != nil
    }
    precondition(!hadProbe, "A store takes one test probe: wrap it in one TestStore only.")
  }

  func installWarnings(_ handler: RuntimeWarningHandler) {
    let old = lock.withLock { core in
      core.warnings = handler
      return core.replaceReducer(core.givenReducer)
    }
    _ = old  // released here, outside the lock
  }
}
