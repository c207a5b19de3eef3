import ReduxCore
import ReduxSeam

extension Recording where State: Equatable {
  /// Replays the recording into a fresh store with `reducer` (and no middleware) and checks
  /// each state against the recorded one.
  ///
  /// Skipped entries are not dispatched; their recorded state must equal the one before. The
  /// replay stops at the first state that differs, which is what a changed reducer shows:
  ///
  /// ```swift
  /// let report = recording.replay(reducer: appReducer)
  /// if let divergence = report.divergence {
  ///   print("step \(divergence.step) (\(divergence.actionType ?? "start")) differs")
  /// }
  /// ```
  public func replay(reducer: Reducer<State>) -> ReplayReport<State> {
    replay(into: Store(initialState: initialState, reducer: reducer))
  }

  /// Dispatches the recorded actions into `store`, one at a time, and checks the store's
  /// state after each against the recorded one.
  ///
  /// The store's middleware runs as for any dispatch: use a store without side-effect
  /// middleware for an exact replay. A store that does not start at ``initialState`` diverges
  /// at step 0.
  ///
  /// While it runs, the store is marked as time travelling (`Store.isTimeTravelling`), so
  /// ReduxPersistence saves none of the replayed states.
  public func replay(into store: Store<State>) -> ReplayReport<State> {
    store.timeTravel.replaying { replayChecked(into: store) }
  }

  private func replayChecked(into store: Store<State>) -> ReplayReport<State> {
    var expected = initialState
    var actual = store.state
    guard actual == expected else {
      return ReplayReport(
        matchedSteps: 0,
        divergence: ReplayDivergence(step: 0, recorded: expected, replayed: actual))
    }
    for (index, entry) in entries.enumerated() {
      if !entry.isSkipped {
        store.dispatch(entry.action)
        actual = store.state
      }
      expected = entry.state
      guard actual == expected else {
        return ReplayReport(
          matchedSteps: index + 1,
          divergence: ReplayDivergence(
            step: index + 1, actionType: entry.actionType, recorded: expected, replayed: actual))
      }
    }
    return ReplayReport(matchedSteps: entries.count + 1, divergence: nil)
  }
}
