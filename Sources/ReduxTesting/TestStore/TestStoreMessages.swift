import CustomDump
import ReduxCore
import ReduxSeam

/// The text of every failure a test store reports, in one place so that the messages read
/// alike: what happened, then what to do.
enum TestStoreMessages {
  static func runtimeWarning(_ warning: RuntimeWarning) -> String {
    "The reducer reported a runtime warning: \(warning)"
  }

  /// The action's type with its owners, and for an enum its case:
  /// `SyncUpDetail.Action.editButtonTapped`, `SetTitle`.
  static func name(of action: any Action) -> String {
    if let described = action as? any DescribedInMessages { return described.description }
    let mirror = Mirror(reflecting: action)
    guard mirror.displayStyle == .enum else { return typeName(type(of: action)) }
    let caseName = mirror.children.first?.label ?? String(describing: action)
    return typeName(type(of: action)) + "." + caseName
  }

  // MARK: - State

  static func unexpectedChange(after step: String) -> String {
    "State changed after \(step), but the test expected no change."
  }

  static func mismatch(after step: String) -> String {
    "State after \(step) does not match the expectation."
  }

  static func noChange(after step: String) -> String {
    "Expected the state to change after \(step), but it did not change, and the closure "
      + "changes nothing either. Leave the closure out when an action changes nothing."
  }

  static func threw(_ error: any Error, in step: String) -> String {
    "The assertion of \(step) threw: \(error)"
  }

  // MARK: - Received actions

  static func unchecked(_ actions: [any Action], when: String) -> String {
    let count =
      actions.count == 1 ? "1 received action was" : "\(actions.count) received actions were"
    return "\(count) not asserted \(when):\n\n\(list(actions))"
  }

  static func received(_ action: any Action, expected: String) -> String {
    "Expected to receive \(expected), but received \(name(of: action)):"
      + "\n\n\(String(customDumping: action))"
  }

  static func received<A>(_ action: A, expected: A) -> String {
    let difference = diff(expected, action).map { "\n\n\($0)" } ?? ""
    return "Received \(String(customDumping: action)), expected \(String(customDumping: expected))."
      + " (- expected, + actual)\(difference)"
  }

  /// No action of the expected kind arrived and no work is running; `others` are the received
  /// actions a non-exhaustive `receive` passed over, which stay unchecked; `waits` what the
  /// side-effect modules wait for (a saga's `take`), which sends nothing until an action comes.
  static func noAction(expected: String, others: [any Action], waits: [String]) -> String {
    let waiting =
      waits.isEmpty
      ? ""
      : "\n\nWaiting for an action, so not running:" + workList(waits)
        + "\n\nSend the action they wait for first, if it is what makes \(expected) come."
    guard !others.isEmpty else {
      return "Expected to receive \(expected), but no action arrived and no work is running."
        + waiting
    }
    return "Expected to receive \(expected), but none of the received actions matched, and no"
      + " work is running. Still unchecked:\n\n\(list(others))" + waiting
  }

  static func timedOut(
    expected: String, after limit: Duration, work: [String], others: [any Action]
  ) -> String {
    let unchecked = others.isEmpty ? "" : "\n\nReceived, not matching:\n\n\(list(others))"
    return "Expected to receive \(expected) within \(limit), but no matching action arrived."
      + workList(work) + unchecked
  }

  static let noReceivedActionsToSkip =
    "skipReceivedActions() found no received actions to skip. Pass `strict: false` when there"
    + " may be none."

  // MARK: - Work

  static func work(_ work: [String], when: String) -> String {
    "Work is still running \(when):" + workList(work)
  }

  static let endOfTestHint = "\n\nEnd a test that starts async work with `await store.finish()`."

  /// For work still running at the end of a test that did call `finish()`.
  static let afterFinishHint =
    "\n\nIt started after the last `await store.finish()`, or outlived it: await"
    + " `store.finish()` after the last step that starts work."

  static func noWork(toSkip step: String) -> String {
    "\(step) found no work in flight. Pass `strict: false` when there may be none."
  }

  static func notCancelled(_ work: [String], by step: String) -> String {
    "\(step) could not cancel this work, which is still running:" + workList(work)
      + "\n\nIts module gives no way to cancel it (a saga loop the action resumed outlives the"
      + " action). End it through the feature (send the action that stops it), then await it"
      + " with `finish()`."
  }

  static func notFinished(_ step: String, within limit: Duration, work: [String]) -> String {
    "Expected the work of \(step) to finish within \(limit), but it is still running:"
      + workList(work)
  }

  // MARK: - Misuse

  static func overlappingSteps(
    _ step: String, active: String, at location: SourceLocation
  ) -> String {
    "A TestStore was used from two tasks at once: await each step before the next. \(step)"
      + " began while \(active) (\(location.fileID):\(location.line)) was still running. The"
      + " test store checks nothing more in this test."
  }

  static func stepInsideAssertion(_ step: String, asserting: String) -> String {
    "\(step) was called inside the assertion closure of \(asserting): call it after that step"
      + " returns. The test store checks nothing more in this test."
  }

  // MARK: - Lists

  static func list(_ actions: [any Action]) -> String {
    actions.map { "  - " + String(customDumping: $0) }.joined(separator: "\n")
  }

  static func workList(_ work: [String]) -> String {
    guard !work.isEmpty else { return "" }
    return "\n\n" + work.map { "  - \($0)" }.joined(separator: "\n")
  }
}
