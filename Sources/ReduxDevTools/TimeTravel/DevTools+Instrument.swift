import ReduxCore

// The rest of Redux DevTools' instrument: sweeping skipped actions, reordering, replacing the
// reducer, importing bare actions and changing the history's capacity. Like time travel, each
// is applied through the store's queue, and the store shows the recomputed state at its step.
extension DevTools {
  /// Removes every skipped action from the history (Redux DevTools' sweep).
  ///
  /// The states do not change (a skipped action changed nothing); the store keeps showing the
  /// same state, whose step moves down by the number of skipped actions removed before it.
  public func sweep() {
    travel("swept the skipped actions") { history in
      let entries = history.entries
      guard entries.contains(where: \.isSkipped) else { return }
      if let position = history.position {
        history.position = position - entries.prefix(position).count(where: \.isSkipped)
      }
      history.replaceEntries(with: entries.filter { !$0.isSkipped })
    }
  }

  /// Moves the action at `step` so that it becomes step `newStep`, and recomputes the states
  /// from the earlier of the two (Redux DevTools' reorder).
  ///
  /// Steps count from 1 for the first kept action; `newStep` is clamped to the kept actions. A
  /// `step` that is not a kept action's when the change is applied changes nothing. The store
  /// keeps showing the same step, recomputed.
  public func move(step: Int, toStep newStep: Int) {
    move { _ in (step, newStep) }
  }

  /// Moves the action at the first step that `resolve` names when the change is applied to the
  /// second.
  func move(_ resolve: @escaping @Sendable (History<State>) -> (Int, Int)?) {
    travel { history in
      guard let (step, newStep) = resolve(history), history.count > 0,
        (1...history.count).contains(step)
      else { return }
      let target = min(max(newStep, 1), history.count)
      guard target != step else { return }
      var entries = history.entries
      entries.insert(entries.remove(at: step - 1), at: target - 1)
      history.replaceEntries(with: entries)
      history.recompute(from: min(step, target) - 1)
    }
  }

  /// Replaces the store's reducer and recomputes the whole history with it, as a store enhanced
  /// by Redux DevTools does on `replaceReducer`: the store shows its current step as the new
  /// reducer computes it.
  ///
  /// Call this instead of `store.replaceReducer(_:)`: it replaces the store's reducer too, so
  /// the actions reduced from now on and the recomputed history agree.
  public func replaceReducer(_ reducer: Reducer<State>) {
    guard let context = history.withLock({ $0.context }) else {
      preconditionFailure("Add devTools.middleware to a store before replacing its reducer")
    }
    context.replaceReducer(reducer)
    travel("replaced the reducer and recomputed the history") { history in
      history.reducer = reducer
      history.recompute(from: 0)
    }
  }

  /// Replaces the history with `actions`, reduced one after another from the base state, and
  /// makes the store show the latest state (Redux DevTools' import of bare actions).
  ///
  /// Each entry gets the clock's time when the import is applied. Only the last ``capacity``
  /// actions are kept, the earlier ones folded into the base state.
  public func load(actions: [any Action]) {
    let now = now
    travel("imported \(actions.count) actions") { history in
      guard var state = history.baseState else { return }
      let reducer = history.reducer
      let entries = actions.map { action in
        reducer(&state, action)
        return RecordedAction(action: action, state: state, timestamp: now())
      }
      history.replaceEntries(with: entries, renumber: true)
      history.position = nil
    }
  }

  /// The most entries the history keeps.
  public var capacity: Int { history.withLock { $0.capacity } }

  /// Changes how many entries the history keeps, at run time (Redux DevTools' `maxAge`).
  ///
  /// A smaller capacity folds the oldest entries into the base state; the store keeps showing
  /// the same state, or the base state if the entry it showed was folded.
  ///
  /// - Parameter capacity: At least 1; a smaller number stops with a message.
  public func setCapacity(_ capacity: Int) {
    precondition(capacity > 0, "DevTools capacity must be at least 1; pass capacity: 1 or more")
    travel("capacity set to \(capacity)") { history in
      let entries = history.entries
      let folded = max(entries.count - capacity, 0)
      if let position = history.position { history.position = max(position - folded, 0) }
      history.capacity = capacity
      history.replaceEntries(with: entries)
    }
  }
}
