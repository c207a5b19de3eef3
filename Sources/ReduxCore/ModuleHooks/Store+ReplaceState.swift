import ReduxSeam

// What ReduxDevTools needs from the core, and nothing else: `replaceState` and
// `replaceReducer`. Time travel changes the committed state directly, without an action, so
// that no middleware sees anything (sagas, effects and commands are not re-run), yet in order
// with the store's other work and with subscribers notified as for an action. It goes through
// the store's queue like a dispatch: on an idle store it has happened when the call returns; on
// a busy one it runs after the work queued before it.

extension MiddlewareContext {
  /// Changes the committed state with `change`, bypassing the middleware and the reducer, then
  /// notifies subscribers; queued after the work already accepted if the store is busy.
  ///
  /// `change` runs under the store's lock, as a reducer does, and its runtime warnings go to the
  /// store's handler as the reducer's do: keep it short and never touch
  /// the store from it. After the store is released it does nothing.
  package func replaceState(_ change: @escaping @Sendable (inout State) -> Void) {
    guard let store = store.value else { return }
    store.engine.submit(.replaceState(change), through: store.chain)
  }

  /// Replaces the store's reducer, as ``Store/replaceReducer(_:)`` does, for a middleware that
  /// re-reduces a history with the same reducer as the store (DevTools). After the store is
  /// released it does nothing.
  package func replaceReducer(_ reducer: Reducer<State>) {
    store.value?.replaceReducer(reducer)
  }
}

// Time travel is announced as well as applied: observers that keep the state outside the app
// (ReduxPersistence's files, a user's sync to a server) must not keep a state the user never
// reached. ReduxDevTools sets the mark; anyone can read it.

extension Store {
  /// Whether the store shows a state that time travel put there rather than the app's own
  /// actions: ReduxDevTools shows a past step, a history with a skipped action or a loaded
  /// recording, has changes locked, or is replaying a recording into this store.
  ///
  /// It is set before subscribers are told of such a state and cleared before they are told of
  /// the state that ends it (a jump to the latest step, a commit), so a subscriber that reads
  /// it learns whether the state it was given is one to keep. ReduxPersistence saves nothing
  /// while it is `true`; do the same in an observer that writes the state somewhere.
  public var isTimeTravelling: Bool { engine.timeTravel.isTravelling }

  /// The mark ReduxDevTools sets and ReduxPersistence reads.
  @inlinable
  package var timeTravel: TimeTravelMark { engine.timeTravel }
}

extension MiddlewareContext {
  /// Whether the store shows a state that time travel put there; see
  /// ``Store/isTimeTravelling``.
  public var isTimeTravelling: Bool { engine.timeTravel.isTravelling }

  /// The mark ReduxDevTools sets and ReduxPersistence reads.
  package var timeTravel: TimeTravelMark { engine.timeTravel }
}

// The engine's side of both (the public `Store.replaceReducer` uses the second too): a state
// replacement is queued as a `StoreWork` like an action and done here by the drainer; a reducer
// replacement takes effect for the next action reduced.

extension StoreEngine {
  /// Changes the state under the lock, bypassing middleware and reducer; notifies outside it.
  @inlinable
  func replaceAndNotify(_ change: @Sendable (inout State) -> Void) {
    let notification: (State, FanOut<State>)? = lock.withLock { core in
      // A change may re-reduce (DevTools' time travel): its warnings go where the reducer's do.
      if let warnings = core.warnings {
        RuntimeWarningSlot.with(warnings) { change(&core.state) }
      } else {
        change(&core.state)
      }
      guard let subscribers = core.subscribers.toNotify() else { return nil }
      return (core.state, subscribers)
    }
    if let (state, subscribers) = notification { subscribers.notify(state) }
  }

  func replaceReducer(_ reducer: Reducer<State>) {
    let old = lock.withLock { $0.replaceReducer(reducer) }
    _ = old  // released here, outside the lock
  }
}

extension StoreCore {
  /// Installs `reducer` (wrapped for ``warnings``); returns the closure it replaced, to be
  /// released outside the lock (its captures may do anything in deinit).
  mutating func replaceReducer(
    _ reducer: Reducer<State>
  ) -> (@Sendable (inout State, any Action) -> Void) {
    defer {
      self.reducer = Self.body(of: reducer, warnings: warnings)
      givenReducer = reducer
    }
    return self.reducer
  }
}
