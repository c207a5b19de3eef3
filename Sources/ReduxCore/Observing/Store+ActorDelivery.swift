import ReduxSeam

extension Store {
  /// Calls `onChange` on `actor` with the current state, then with newly committed states,
  /// coalesced: states committed before the actor gets to run are delivered once, as the newest.
  ///
  /// A plain ``subscribe(_:)`` callback runs on the thread that processed the action, often a
  /// background thread. This one runs isolated to `actor`, so it can update the actor's state:
  ///
  /// ```swift
  /// actor Mirror {
  ///   var count = 0
  ///   func follow(_ store: Store<Counter>) -> Subscription {
  ///     store.subscribe(on: self) { mirror, state in mirror.count = state.count }
  ///   }
  /// }
  /// ```
  ///
  /// For `@MainActor` code use ``subscribeOnMainActor(_:)``, whose callback is main-actor
  /// isolated (an `isolated MainActor` parameter does not give a closure that isolation).
  ///
  /// Delivery: each commit stores the state as the newest and, if no delivery is pending,
  /// schedules one hop to `actor`; the hop delivers the newest state at the time it runs. So a
  /// burst of commits costs one hop, values arrive in commit order, and a value is never
  /// delivered after a newer one. Intermediate states can be skipped; every state that stays
  /// current until the actor runs is delivered. The first value is delivered on the actor too,
  /// after `subscribe(on:)` returns.
  ///
  /// Cancelling on `actor` itself (the usual case) guarantees no call after `cancel()` returns;
  /// cancelled elsewhere, a delivery already running on the actor may finish.
  ///
  /// - Parameters:
  ///   - actor: Where `onChange` runs; `MainActor.shared` for UI code.
  ///   - onChange: Called on `actor` with each delivered state.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  public func subscribe<A: Actor>(
    on actor: A,
    _ onChange: @escaping @Sendable (_ actor: isolated A, _ state: State) -> Void
  ) -> Subscription {
    let mailbox = LatestValueMailbox<State>()
    let subscription = subscribe { state in
      guard mailbox.post(state) else { return }
      Task { await mailbox.deliver(on: actor, onChange) }
    }
    return Subscription {
      subscription.cancel()
      mailbox.close()
    }
  }

  /// Calls `onChange` on the main actor with the current state, then with newly committed
  /// states, coalesced: states committed before the main actor gets to run are delivered once,
  /// as the newest.
  ///
  /// ```swift
  /// @MainActor final class CounterLabel {
  ///   var text = ""
  ///   var subscription: Subscription?
  ///
  ///   init(store: Store<Counter>) {
  ///     subscription = store.subscribeOnMainActor { [weak self] state in
  ///       self?.text = "\(state.count)"
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Delivery and cancellation follow ``subscribe(on:_:)``: one hop per burst of commits, in
  /// commit order, never an older state after a newer one, and no call after a `cancel()` made
  /// on the main actor. ReduxUI's `ViewStore` builds on the same delivery and adds Observation.
  ///
  /// - Parameter onChange: Called on the main actor with each delivered state.
  /// - Returns: A token; the subscription ends when it is cancelled or released.
  public func subscribeOnMainActor(
    _ onChange: @escaping @MainActor (_ state: State) -> Void
  ) -> Subscription {
    let mailbox = LatestValueMailbox<State>()
    let subscription = subscribe { state in
      guard mailbox.post(state) else { return }
      Task { @MainActor in
        if let state = mailbox.takeForHop() { onChange(state) }
      }
    }
    return Subscription {
      subscription.cancel()
      mailbox.close()
    }
  }
}

extension LatestValueMailbox {
  /// The hop's work, isolated to the receiving actor.
  fileprivate func deliver<A: Actor>(
    on actor: isolated A, _ onChange: @Sendable (isolated A, Value) -> Void
  ) {
    if let value = takeForHop() { onChange(actor, value) }
  }
}
