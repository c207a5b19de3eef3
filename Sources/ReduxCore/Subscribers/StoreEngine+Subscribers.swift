import ReduxSeam

// The engine's subscriber bookkeeping: adding a subscriber in order with the store's work,
// removing one (and waiting for the drainer's step that may be calling it), and dropping them
// all when the store goes.

extension StoreEngine {
  /// Adds a subscriber and gives it the current state: at once on an idle store, otherwise in
  /// order after the work queued before it.
  @inlinable
  func subscribe(_ subscriber: Subscriber<State>, through chain: Middleware<State>.Next?) {
    submit(.subscribe(subscriber), through: chain) { start(subscriber) }
  }

  @inlinable
  func start(_ subscriber: Subscriber<State>) {
    let state: State? = lock.withLock { core in
      guard !subscriber.isRemoved else { return nil }
      core.subscribers.all.append(subscriber)
      return core.state
    }
    if let state { subscriber.receive(subscriber, state) }
  }

  /// Ends a subscription: O(1) amortized. When it returns, the subscriber's callback is not
  /// running and will not be called again, unless `cancel()` was called from a thread that is
  /// itself draining a store (see Subscription).
  @inlinable
  func unsubscribe(_ subscriber: SubscriptionHandle<State>) {
    subscriber.deactivate()
    let thread = currentThreadID()
    let stepToWaitFor: UInt? = lock.withLock { core in
      core.subscribers.remove(subscriber)
      // The drainer may have checked `isActive` just before it turned false and be calling the
      // callback now: it has returned by the drainer's next step.
      return core.machine.cancelMustWait(
        thread: thread, drainsAStore: core.machine.isDraining && DrainingThread.isDraining)
    }
    guard let stepToWaitFor else { return }
    let drainerMoved: (inout StoreCore<State>) -> Bool = {
      $0.machine.hasMoved(past: stepToWaitFor)
    }
    lock.withLock(waitingOn: condition, until: drainerMoved) { $0.machine.stopWaitingForStep() }
  }

  /// Called when the store is released: drops the subscribers, ends their async sequences and
  /// lets go of the follow-up slot's runner (a command store's commands are cancelled).
  func shutdown() {
    let (subscribers, runner) = lock.withLock { core in
      defer { core.subscribers = SubscriberList() }
      return (core.subscribers.all, followUps?.storeReleased())
    }
    for subscriber in subscribers { subscriber.finish() }
    _ = runner  // released here, outside the lock: a command runner cancels its work
  }
}
