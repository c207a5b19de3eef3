import ReduxSeam

extension Store {
  /// Installs a test store's probe: `probe` is called by the processing thread after each
  /// action's reducer ran, outside the lock, and the store tracks all work from now on,
  /// untracked origins included, so that its ledger's waits cover everything; the reducer's
  /// runtime warnings go to `runtimeWarnings`, in place of the handler the store was created
  /// with (a test store fails the step with them). One probe per store.
  package func installTestProbe(
    _ probe: @escaping @Sendable (ProcessedAction<any Action, State>) -> Void,
    runtimeWarnings: @escaping @Sendable (RuntimeWarning) -> Void
  ) {
    engine.installProbe(probe)
    engine.installWarnings(RuntimeWarningHandler(runtimeWarnings))
  }

  /// The store's work ledger: what a test waits for, lists and cancels (ReduxTesting).
  package var workLedger: WorkLedger { engine.ledger }

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
