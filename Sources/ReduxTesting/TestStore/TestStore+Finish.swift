import ReduxCore

extension TestStore {
  /// Waits until every piece of work the store's side effects started has ended; then, when
  /// exhaustive, fails for each received action the test did not assert.
  ///
  /// If work is still running after `timeout` (``timeout`` when nil) the test fails, listing
  /// it, in either exhaustivity. Call it at the end of every test that starts async work.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, in real time, while work is running; ``timeout`` when nil.
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let isChecking = steps.begin("finish()", at: location)
    defer { steps.end() }
    let limit = timeout ?? self.timeout
    let isIdle = await work.finishes(nil, within: limit)
    guard isChecking else { return }
    let running = isIdle ? [] : work.list()
    finishReported = running
    if !running.isEmpty {
      steps.report(TestStoreMessages.work(running, when: "after \(limit)"), at: location)
    }
    skipUnchecked(reporting: "at finish()", at: location)
  }

  /// Stops waiting for the work in flight, as TCA's `skipInFlightEffects`: the test no longer
  /// requires it to end (``finish(timeout:fileID:filePath:line:column:)`` and the end of the
  /// test pass over it), yet it keeps running, and the actions it sends later still arrive, to
  /// be received like any other.
  ///
  /// ```swift
  /// await store.send(StartTimer()) { $0.isTimerRunning = true }
  /// await store.skipInFlightEffects()   // the timer runs on; its ticks still arrive
  /// ```
  ///
  /// To stop the work as well, use ``cancelInFlightEffects(strict:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - strict: Whether finding no work in flight fails the test; true unless changed.
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  public func skipInFlightEffects(
    strict: Bool = true, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await inFlightEffects(
      cancelling: false, strict: strict,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Cancels every piece of work in flight, such as an effect you do not want to follow in this
  /// test, and waits until it has ended.
  ///
  /// ```swift
  /// await store.send(StartTimer()) { $0.isTimerRunning = true }
  /// await store.cancelInFlightEffects()
  /// ```
  ///
  /// Each module cancels its own work (an async effect or thunk, a command's jobs, the saga
  /// forks an action started). Work its module cannot stop (a saga loop an action resumed)
  /// fails the test, listed by name: end it through the feature (send the action that stops
  /// it) and await ``finish(timeout:fileID:filePath:line:column:)``. The parameters are those
  /// of ``skipInFlightEffects(strict:fileID:filePath:line:column:)``.
  public func cancelInFlightEffects(
    strict: Bool = true, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await inFlightEffects(
      cancelling: true, strict: strict,
      at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Lets go of the work in flight, or cancels it and waits for it to end.
  private func inFlightEffects(cancelling: Bool, strict: Bool, at location: SourceLocation) async {
    let step = cancelling ? "cancelInFlightEffects()" : "skipInFlightEffects()"
    let isChecking = steps.begin(step, at: location)
    defer { steps.end() }
    guard isChecking else { return }
    let count = cancelling ? work.list().count : work.forget()
    guard count > 0 else {
      if strict { steps.report(TestStoreMessages.noWork(toSkip: step), at: location) }
      return
    }
    if cancelling { await work.cancel(nil, by: step, within: timeout, steps: steps, at: location) }
  }
}
