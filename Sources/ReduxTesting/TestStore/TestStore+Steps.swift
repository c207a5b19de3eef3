import CustomDump
import ReduxCore

extension TestStore {
  func consume(
    _ entry: ProcessedAction<State>, _ assert: ((inout State) throws -> Void)?,
    step: String, at location: SourceLocation
  ) {
    cursor += 1
    let before = state
    state = entry.state
    check(before: before, after: entry.state, assert, step: step, at: location)
  }

  /// Moves past the actions received so far, failing for them when exhaustive.
  func skipUnchecked(reporting when: String, at location: SourceLocation) {
    let unchecked = log.entries(from: cursor)
    guard !unchecked.isEmpty else { return }
    skip(unchecked, reporting: when, at: location)
  }

  func skip(
    _ entries: [ProcessedAction<State>], reporting when: String, at location: SourceLocation
  ) {
    if exhaustivity == .on { location.report(Self.uncheckedMessage(entries, when: when)) }
    cursor += entries.count
    if let last = entries.last { state = last.state }
  }

  /// Compares the state an action produced with the test's expectation.
  func check(
    before: State, after actual: State, _ assert: ((inout State) throws -> Void)?,
    step: String, at location: SourceLocation
  ) {
    var expected = before
    if let assert {
      do {
        try assert(&expected)
      } catch {
        location.report("The assertion of \(step) threw: \(error)")
        return
      }
    } else if exhaustivity == .off {
      return
    }
    if expected == actual { return }
    if exhaustivity == .off, let assert {
      // Non-exhaustive: the fields the closure sets must hold those values now, whatever else
      // changed.
      var actualWithAssertion = actual
      if (try? assert(&actualWithAssertion)) != nil, actualWithAssertion == actual { return }
    }
    let heading =
      assert == nil
      ? "State changed after \(step), but the test expected no change."
      : "State after \(step) does not match the expectation."
    let difference = diff(expected, actual).map { "\n\n\($0)" } ?? ""
    location.report("\(heading) (- expected, + actual)\(difference)")
  }

  // MARK: - Messages

  nonisolated static func name(of action: any Action) -> String {
    String(describing: type(of: action))
  }

  nonisolated static func uncheckedMessage(
    _ entries: [ProcessedAction<State>], when: String
  ) -> String {
    let count =
      entries.count == 1 ? "1 received action was" : "\(entries.count) received actions were"
    let list = entries.map { "  - " + String(customDumping: $0.action) }.joined(separator: "\n")
    return "\(count) not asserted \(when):\n\n\(list)"
  }

  nonisolated static func workMessage(_ work: [String], when: String) -> String {
    "Work is still running \(when):" + workList(work)
  }

  nonisolated static func workList(_ work: [String]) -> String {
    guard !work.isEmpty else { return "" }
    return "\n\n" + work.map { "  - \($0)" }.joined(separator: "\n")
  }
}
