import CustomDump
import ReduxCore

extension TestStore {
  /// Sends an action to the store, waits until it has been processed, and asserts the state
  /// it produced.
  ///
  /// ```swift
  /// await store.send(Increment()) { $0.count = 1 }
  /// ```
  ///
  /// The closure gets the state before the action (``state`` reads the same state while it
  /// runs); mutate it into the state you expect. A difference fails the test with a diff (`-`
  /// expected, `+` actual). Without a closure the action must not change the state (when
  /// exhaustive); with one, it must: a closure that changes nothing, for an action that changed
  /// nothing, fails and asks you to leave the closure out. An action a middleware drops changes
  /// nothing.
  ///
  /// Actions that side effects sent before this one must have been received first. When
  /// exhaustive, sending with some still unasserted fails, listing them, and keeps them: a later
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)->A?`` still finds them. When not
  /// exhaustive, they are skipped.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - assert: Mutates the previous state into the expected one.
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  /// - Returns: The work the action started: `await task.finish()` waits for it alone, and
  ///   fails if it does not end in time.
  @discardableResult
  public func send(
    _ action: any Action,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let name = "send(\(TestStoreMessages.name(of: action)))"
    let isChecking = steps.begin(name, at: location)
    defer { steps.end() }
    let countBefore = log.count
    let storeTask = await store.send(action)
    // The work it started runs until it waits, so the test can advance a clock at once.
    workExecutor.runUntilIdle()
    let task = TestStoreTask(storeTask, of: name, timeout: timeout, work: work, steps: steps)
    guard isChecking else { return task }
    // The action the store processed for this send is the first sent one not looked at yet;
    // the unchecked actions before it were received before it. A dropped action has none: then
    // the actions logged while it was sent are its follow-ups, left for `receive`.
    let sentPosition = (checked.cursor..<log.count).first { log.entry(at: $0).isSent }
    let earlier = checked.unchecked(inFirst: sentPosition ?? countBefore)
    if let last = earlier.last {
      if exhaustivity == .on {
        let actions = log.entries(at: earlier).map(\.action)
        steps.report(
          TestStoreMessages.unchecked(actions, when: "before \(name)"), at: location)
      } else {
        skip(through: last)
      }
    }
    if let sentPosition {
      consume(sentPosition, assert, step: name, at: location)
    } else {
      // A middleware dropped the action (a thunk, say): it reached no reducer and changed
      // nothing.
      let current = state(before: countBefore)
      check(before: current, after: current, assert, step: name, at: location)
    }
    return task
  }

  /// Asserts the state without sending an action: the fields the closure sets must hold those
  /// values now.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(SignIn(name: "ada"))
  /// store.skipReceivedActions()
  /// store.assert { $0.user?.name = "ada" }
  /// ```
  ///
  /// The closure gets ``state``, the state after the last action the test store checked. Most
  /// useful when not exhaustive, after skipping actions; a closure that changes nothing passes.
  ///
  /// - Parameters:
  ///   - assert: Mutates the current state into the expected one.
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  public func assert(
    _ assert: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let isChecking = steps.begin("assert", at: location)
    defer { steps.end() }
    guard isChecking else { return }
    var expected = state
    do {
      try steps.asserting("assert") { try assert(&expected) }
    } catch {
      steps.report(TestStoreMessages.threw(error, in: "assert"), at: location)
      return
    }
    if expected != state {
      let difference = diff(expected, state).map { "\n\n\($0)" } ?? ""
      steps.report(
        "State does not match the expectation of assert. (- expected, + actual)\(difference)",
        at: location)
    }
  }
}
