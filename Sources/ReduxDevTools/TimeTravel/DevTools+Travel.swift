import ReduxCore

// Jumping, skipping, committing: the time travel that Redux DevTools' instrument offers.
// Every operation names a point of the history by its step (see "Steps" on ``DevTools``) and is
// applied through the store's queue, in order with the actions already dispatched.
extension DevTools {
  /// Makes the store show the state at `step`: 0 is the base state, `i` the state after the
  /// `i`th kept entry, and the entry count is the latest state.
  ///
  /// Applied in order with the store's queued work; subscribers are notified. On an idle
  /// store the state has changed when this returns.
  ///
  /// A step outside the history is clamped to it when the jump is applied: below 0 shows the
  /// base state, past the last entry the latest state. The history can change between reading
  /// it and jumping (another thread dispatches, a queued ``commit()`` clears it), so a step
  /// that was in range when read is an ordinary input here, never an error.
  public func jump(toStep step: Int) {
    travel { history in
      let step = min(max(step, 0), history.count)
      history.position = step == history.count ? nil : step
    }
  }

  /// Makes the store show the latest recorded state again.
  public func jumpToLatest() {
    travel { history in history.position = nil }
  }

  /// Takes the action at `step` out of the computed states: the later states are recomputed by
  /// re-reducing every action that is not skipped, and the store shows the recomputed state at
  /// its current step.
  ///
  /// Steps count from 1 for the first kept action, as ``jump(toStep:)`` does. A step that is
  /// not a kept action's when the change is applied (0, or the history was cleared or moved on
  /// since it was read) changes nothing.
  public func skip(step: Int) {
    setSkipped(step...step, true)
  }

  /// Puts a skipped action back into the computed states, recomputing the later ones.
  ///
  /// A step that is not a kept action's when the change is applied changes nothing.
  public func include(step: Int) {
    setSkipped(step...step, false)
  }

  /// Skips every action in `steps` (Redux DevTools' skip of a range), recomputing once.
  ///
  /// The part of the range outside the kept actions when the change is applied is ignored.
  public func skip(steps: ClosedRange<Int>) {
    setSkipped(steps, true)
  }

  /// Puts every action in `steps` back into the computed states, recomputing once.
  ///
  /// The part of the range outside the kept actions when the change is applied is ignored.
  public func include(steps: ClosedRange<Int>) {
    setSkipped(steps, false)
  }

  private func setSkipped(_ steps: ClosedRange<Int>, _ isSkipped: Bool) {
    setSkipped({ _ in steps }, isSkipped)
  }

  /// Skips or includes the steps that `resolve` names when the change is applied.
  func setSkipped(
    _ resolve: @escaping @Sendable (History<State>) -> ClosedRange<Int>?, _ isSkipped: Bool
  ) {
    travel { history in
      guard let steps = resolve(history) else { return }
      let lower = max(steps.lowerBound, 1)
      let upper = min(steps.upperBound, history.count)
      guard lower <= upper else { return }
      var first: Int?
      for index in (lower - 1)..<upper where history[index].isSkipped != isSkipped {
        history[index].isSkipped = isSkipped
        first = first ?? index
      }
      if let first { history.recompute(from: first) }
    }
  }

  /// Keeps the state the store shows and clears the history: that state becomes the base.
  public func commit() {
    travel("committed the shown state") { history in
      history.baseState = history.state(atStep: history.currentStep)
      history.replaceEntries(with: [])
      history.position = nil
      history.showsLoadedRecording = false
    }
  }

  /// Returns the store to the base state (the last commit, or the state when recording began)
  /// and clears the history.
  public func rollback() {
    travel("rolled back to the base state") { history in
      history.replaceEntries(with: [])
      history.position = nil
    }
  }

  /// Returns the store to its state when the middleware was attached and clears the history.
  public func reset() {
    travel("reset to the initial state") { history in
      history.baseState = history.initialState
      history.replaceEntries(with: [])
      history.position = nil
      history.showsLoadedRecording = false
    }
  }

  /// Replaces the history with an imported recording and makes the store show its latest
  /// state, so that you can travel through a session recorded elsewhere.
  ///
  /// Only the last ``capacity`` entries are kept.
  public func load(_ recording: Recording<State>) {
    travel("loaded a recording of \(recording.entries.count) actions") { history in
      history.baseState = recording.initialState
      history.replaceEntries(with: recording.entries, renumber: true)
      history.position = nil
      history.showsLoadedRecording = true
    }
  }
}
