import ReduxSeam

// The runtime warnings of the child-feature operators, written once for `Reducer` and
// `CommandReducer`: an action addressed to a child that is not there leaves the state unchanged
// and is reported with what arrived, where, the likely cause and the fix. They are called off
// the hot path only, so they are not inlined.

/// The warnings the child-feature operators report for an action addressed to a missing child.
@usableFromInline
enum ChildActionWarning {
  /// An element action for an id that no element of the collection at `keyPath` has.
  @usableFromInline static func elementMissing(
    _ wrapper: some ElementActionWrapper, at keyPath: AnyKeyPath, fileID: StaticString,
    line: UInt
  ) {
    report(
      "forEach at \(describeQualified(keyPath)) got \(describe(wrapper.action, in: wrapper)) for id "
        + "\(wrapper.id), but no element has that id; the state was left unchanged.",
      cause: "the element was removed while work it started was still running (a command, a "
        + "timer, a request)",
      fix: "cancel the element's work when you remove it (a CommandReducer's forEach cancels "
        + "its commands) or stop sending actions for ids that are gone",
      action: wrapper, fileID: fileID, line: line)
  }

  /// A child action while the optional child at `keyPath` is nil.
  @usableFromInline static func childAbsent(
    _ wrapper: some ChildActionWrapper, at keyPath: AnyKeyPath, fileID: StaticString,
    line: UInt
  ) {
    let place = "ifLet at \(describeQualified(keyPath))"
    guard wrapper.action.as(Dismiss.self) == nil else {
      return report(
        "\(place) got a dismiss (in \(typeName(type(of: wrapper)))) while the child is already "
          + "gone; the state was left unchanged.",
        cause: "an earlier action dismissed it (or the parent set it to nil), and this dismiss "
          + "came after",
        fix: "dismiss a child once", action: wrapper, fileID: fileID, line: line)
    }
    report(
      "\(place) got \(describe(wrapper.action, in: wrapper)) while the child is nil; the state "
        + "was left unchanged.",
      cause: "the child was dismissed while work it started was still running",
      fix: "cancel the child's work when you set it to nil (a CommandReducer's ifLet cancels "
        + "its commands) or stop sending it actions once it is gone",
      action: wrapper, fileID: fileID, line: line)
  }

  /// A tap on an alert that is no longer shown.
  @usableFromInline static func alertGone(
    _ wrapper: some ChildActionWrapper, at keyPath: AnyKeyPath, fileID: StaticString, line: UInt
  ) {
    let place = "alert at \(describeQualified(keyPath))"
    let what =
      wrapper.action.as(Dismiss.self) != nil
      ? "\(place) got a dismiss while it is already gone"
      : "\(place) got a tap, \(describe(wrapper.action, in: wrapper)), after it was dismissed"
    report(
      "\(what); the state was left unchanged.",
      cause: "another button, or the feature itself, dismissed the alert before this arrived",
      fix: "send a button's action only while its alert is shown", action: wrapper,
      fileID: fileID, line: line)
  }

  /// A tap on an alert with an action none of its buttons sends.
  @usableFromInline static func notAButton(
    _ wrapper: some ChildActionWrapper, of alert: AlertState, fileID: StaticString, line: UInt
  ) {
    report(
      "\(describe(wrapper.action, in: wrapper)) is not the action of a button of \(alert); the "
        + "state was left unchanged.",
      cause: "the alert shown is not the one the tap was meant for (another alert replaced it)",
      fix: "send the action of one of the alert's buttons", action: wrapper, fileID: fileID,
      line: line)
  }

  @usableFromInline static func caseMismatch<Enum>(
    _ wrapper: some ChildActionWrapper, state: Enum, fileID: StaticString, line: UInt
  ) {
    report(
      "ifCaseLet on \(typeName(Enum.self)) got \(describe(wrapper.action, in: wrapper)) while the state "
        + "is in case \(caseName(of: state)); the state was left unchanged.",
      cause: "the state left the case while work started in it was still running",
      fix: "cancel that work when the case changes (a CommandReducer's ifCaseLet cancels its "
        + "commands) or stop sending actions for the case once the state has left it",
      action: wrapper, fileID: fileID, line: line)
  }

  /// A stack action for an id that no screen of the stack at `keyPath` has.
  /// `isRemoval`: the action was a pop or a dismiss, for a screen already gone.
  @usableFromInline static func screenMissing(
    _ stackAction: any Action, id: StackElementID, isRemoval: Bool, at keyPath: AnyKeyPath,
    fileID: StaticString, line: UInt
  ) {
    let got = "forEach at \(describeQualified(keyPath)) got \(describeQualified(stackAction))"
    guard !isRemoval else {
      return report(
        "\(got), but the screen \(id) is already gone from the stack; the state was left "
          + "unchanged.",
        cause: "an earlier action popped or dismissed it, and this one came after",
        fix: "pop or dismiss a screen once", action: stackAction, fileID: fileID, line: line)
    }
    report(
      "\(got), but no screen on the stack has id \(id); the state was left unchanged.",
      cause: "the screen was popped while work it started was still running",
      fix: "cancel the screen's work when you pop it (a CommandReducer's forEach cancels its "
        + "commands) or stop sending actions for screens that are gone",
      action: stackAction, fileID: fileID, line: line)
  }

  @usableFromInline static func pushRefused(
    _ stackAction: any Action, id: StackElementID, at keyPath: AnyKeyPath,
    fileID: StaticString, line: UInt
  ) {
    report(
      "forEach at \(describeQualified(keyPath)) got \(describeQualified(stackAction)), but the "
        + "stack has already given id \(id) or a newer one; the state was left unchanged.",
      cause: "an id chosen for a deep link or a test that a push made earlier had already taken",
      fix: "choose an id above every id the stack has given, or push without one",
      action: stackAction, fileID: fileID, line: line)
  }

  private static func caseName(of value: some Any) -> String {
    Mirror(reflecting: value).children.first?.label ?? "\(value)"
  }

  private static func describe(_ action: any Action, in wrapper: any Action) -> String {
    "\(describeQualified(action)) (in \(typeName(type(of: wrapper))))"
  }

  private static func report(
    _ what: String, cause: String, fix: String, action: any Action, fileID: StaticString,
    line: UInt
  ) {
    RuntimeWarning.report(
      "\(what) Likely cause: \(cause). Fix: \(fix).", action: action, fileID: fileID, line: line)
  }
}
