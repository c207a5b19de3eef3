import ReduxSeam

// The engine's side of work reporting: actions that carry the origin of a `send` (or want to
// hear when they have been processed) go through the same admission path as any other item;
// while the drainer processes one, `processing` names it, so that the work it starts and the
// actions its thread queues carry its origin.

extension StoreEngine {
  /// Dispatches an action that carries an origin or a listener, counted as pending work of its
  /// origin until it has been processed.
  @inlinable
  func dispatch(_ tracked: any TrackedDispatch, through chain: Middleware<State>.Next?) {
    let waitsForRoom = tracked.waitsForRoom
    if !tracked.origin.isTracked && !ledger.tracksAll {
      // Untracked (a saga's put, most often): nothing to count.
      submit(.tracked(tracked), through: chain, waitsForRoom: waitsForRoom) {
        process(tracked, through: chain)
      }
      return
    }
    let entry = ledger.begin(
      origin: tracked.origin, description: "action \(tracked.action)", isQueuedAction: true)
    let counted = TrackedAction.wrapping(tracked, pending: entry)
    submit(.tracked(counted), through: chain, waitsForRoom: waitsForRoom) {
      process(counted, through: chain)
    }
  }

  /// Processes a tracked action; this thread drains.
  @inlinable
  func process(_ tracked: any TrackedDispatch, through chain: Middleware<State>.Next?) {
    // The consequences the actions this thread queues meanwhile belong to: the action's own, if
    // it waits for them, or those it is itself one of.
    let consequences = tracked.waitsForConsequences ? tracked : tracked.cause
    // Only this function sets `processing`, and it resets it before it returns, so it is
    // `Processing()` here: an untracked action with no consequences to count skips two lock
    // acquisitions.
    if tracked.shouldProcess() {
      let isMarked = tracked.origin.isTracked || tracked.isSent || consequences != nil
      if isMarked {
        lock.withLock {
          $0.tracking.processing = Processing(tracked)
          $0.tracking.consequences = consequences
          $0.tracking.hasConsequences = consequences != nil
        }
        ledger.setProcessingOrigin(tracked.origin)
      }
      switch chain {
      case .some(let chain): chain(tracked.action)
      case .none: reduceAndNotify(tracked.action)
      }
      if isMarked {
        lock.withLock {
          $0.tracking.processing = Processing()
          $0.tracking.consequences = nil
          $0.tracking.hasConsequences = false
        }
        ledger.setProcessingOrigin(.untracked)
      }
    }
    // The listener first: work it resumes (a saga after its put) registers before the pending
    // entry ends, so the origin's count never drops to zero in between.
    if tracked.waitsForConsequences {
      tracked.actionReduced()
      if tracked.consequenceProcessed() { tracked.actionProcessed() }
    } else {
      tracked.actionProcessed()
    }
    if let pending = tracked.pending { ledger.end(pending) }
  }

  @inlinable
  var processingOrigin: ActionOrigin { ledger.processingOrigin }
}
