import ReduxCore

extension SagaContext {
  /// Dispatches an action to the store and returns once it, and every action its processing
  /// caused, have been processed: reduced, and seen by every saga they resume, which have run
  /// up to their next wait. So a `select` after `put` sees the action and its consequences.
  ///
  /// What the action caused: the actions dispatched while it was being processed (by a
  /// middleware, a subscriber, a reducer's follow-up), and, transitively, those dispatched
  /// while they were processed. Not included: the puts of the sagas it woke, held until this
  /// saga resumes (redux-saga's `asap` order), so a reply put in response reaches a `take`
  /// started after `put`; and what a saga does after a later wait (an async `call`, a
  /// `delay`, a `take` of another action). Actions other threads dispatch meanwhile delay
  /// `put` by one pass through the store's queue, unless processing them dispatches more.
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
    let running = RunningSlot.token
    // Unsafe: the scheduler resumes each held put exactly once (a checked continuation
    // allocates a canary per put). Isolated to the caller's isolation, which this nonsending
    // function shares: a saga resumes on the saga scheduler, an actor on its actor.
    let node = node
    await withUnsafeContinuation(isolation: #isolation) {
      (continuation: UnsafeContinuation<Void, Never>) in
      if running.isOwnTask(of: node) {
        // The saga's own task: its node carries the put (NodePut.swift), no allocation.
        node.startPut(action, origin: origin, continuation: continuation)
        scheduler.hold(node)
      } else {
        scheduler.hold(
          HeldPut(
            action: action, origin: origin, continuation: continuation, scheduler: scheduler))
      }
    }
    RunningSlot.resume(running)
    if let effectID { report(effectID, .put(action), .resolved) }
  }
}
