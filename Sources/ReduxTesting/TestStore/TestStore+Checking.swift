import CustomDump
import ReduxCore

// What the steps share: the state before and after an action in the log, checking a position
// of the log, and comparing a state with the test's closure.
extension TestStore {
  /// The state the action at `position` of the log was applied to.
  func state(before position: Int) -> State {
    position == 0 ? initialState : log.entry(at: position - 1).state
  }

  /// The state after the latest action the test has checked.
  var checkedState: State {
    checked.latest.map { log.entry(at: $0).state } ?? initialState
  }

  /// The positions of the actions received so far and not checked, oldest first.
  var uncheckedPositions: [Int] {
    checked.unchecked(inFirst: log.count)
  }

  /// Checks the action at `position` against the test's closure, and marks it checked.
  func consume(
    _ position: Int, _ assert: ((inout State) throws -> Void)?, step: String,
    at location: SourceLocation
  ) {
    let after = log.entry(at: position).state
    checked.check(position)
    check(before: state(before: position), after: after, assert, step: step, at: location)
  }

  /// Marks every unchecked action up to `position` checked, without asserting them.
  func skip(through position: Int) {
    checked.check(through: position)
    state = checkedState
  }

  /// Moves past every action received so far, failing for them when exhaustive.
  func skipUnchecked(reporting when: String, at location: SourceLocation) {
    let positions = uncheckedPositions
    guard let last = positions.last else { return }
    if exhaustivity == .on {
      let actions = log.entries(at: positions).map(\.action)
      steps.report(TestStoreMessages.unchecked(actions, when: when), at: location)
    }
    skip(through: last)
  }

  /// Compares the state an action produced with the test's closure; the test store's state is
  /// `before` while the closure runs, and the state after the latest checked action once it has.
  func check(
    before: State, after actual: State, _ assert: ((inout State) throws -> Void)?,
    step: String, at location: SourceLocation
  ) {
    state = before
    defer { state = checkedState }
    guard let assert else {
      if exhaustivity == .on, before != actual {
        report(TestStoreMessages.unexpectedChange(after: step), expected: before, actual, location)
      }
      return
    }
    do {
      var expected = before
      try steps.asserting(step) { try assert(&expected) }
      if expected != actual, exhaustivity == .off {
        // Not exhaustive: the closure may name part of the change; the fields it sets must
        // hold those values now, whatever else changed.
        expected = actual
        try steps.asserting(step) { try assert(&expected) }
      }
      if expected != actual {
        report(TestStoreMessages.mismatch(after: step), expected: expected, actual, location)
      } else if actual == before {
        steps.report(TestStoreMessages.noChange(after: step), at: location)
      }
    } catch {
      steps.report(TestStoreMessages.threw(error, in: step), at: location)
    }
  }

  private func report(
    _ heading: String, expected: State, _ actual: State, _ location: SourceLocation
  ) {
    let difference = diff(expected, actual).map { "\n\n\($0)" } ?? ""
    steps.report("\(heading) (- expected, + actual)\(difference)", at: location)
  }
}
