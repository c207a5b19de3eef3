/// A ``SagaTest`` run could not go as scripted; its `description` says what to change.
public enum SagaTestError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No saga took the scripted action (the first value): the saga finished, or no saga waited
  /// for it within `timeout` (the saga is then cancelled). `waiting` lists the sagas that were
  /// waiting for other actions then, such as `test > fetch waits for FetchUser`.
  case actionNotTaken(String, waiting: [String], timeout: Duration)
  /// The script ended while sagas waited for actions they had not taken once in the run (END
  /// ended these waits), so what they would have done next was never tested: a `take` or a
  /// take helper waiting for an action the script never dispatched. Script the actions they
  /// wait for, or call ``SagaTest/allowWaitingAtEnd()``. A loop back at a `take` that took
  /// actions during the run is not reported.
  case waitingAtEnd([String])
  /// No call of the run had this stub's name (a typo, or a call the saga never reached);
  /// `calls` lists the names of the calls the saga made, in first-call order.
  case stubNotCalled(String, calls: [String])
  /// A stub's argument or result type does not match the call it replaces.
  case stubTypeMismatch(call: String, expected: String, got: String)

  /// What went wrong, and what to change.
  public var description: String {
    switch self {
    case .actionNotTaken(let action, let waiting, let timeout):
      let waits =
        waiting.isEmpty
        ? "No saga waited for an action: the saga had finished, or it waits on something else"
          + " (a call, a delay, a channel, a stub that never returns)."
        : "Waiting for other actions:" + Self.list(waiting)
      return "No saga took the scripted action \(action) within \(timeout). \(waits)\n\nScript"
        + " the actions in the order the saga takes them. If the saga does slow real work"
        + " before this take, raise the limit with `.timeout(_:)`."
    case .waitingAtEnd(let waiting):
      return "The script ended while sagas waited for actions they never took in this run;"
        + " END ended these waits:" + Self.list(waiting)
        + "\n\nScript the actions they wait for with `.dispatch(_:)`, or, when the test means"
        + " to leave them waiting, call `.allowWaitingAtEnd()`."
    case .stubNotCalled(let name, let calls):
      let made = calls.isEmpty ? "no call" : "these calls: " + calls.joined(separator: ", ")
      return "The stub \"\(name)\" replaced no call; the saga made \(made)."
    case .stubTypeMismatch(let call, let expected, let got):
      return "The stub of \"\(call)\" does not fit the call: expected \(expected), got \(got)."
    }
  }

  private static func list(_ lines: [String]) -> String {
    "\n" + lines.map { "  - \($0)" }.joined(separator: "\n")
  }
}
