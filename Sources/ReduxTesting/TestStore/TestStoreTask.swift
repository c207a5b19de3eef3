import ReduxCore

/// The work one ``TestStore/send(_:assert:fileID:filePath:line:column:)`` started: wait for it
/// to finish, or cancel it.
///
/// ```swift
/// let task = await store.send(StartTimer()) { $0.isTimerRunning = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(TimerTicked.self) { $0.seconds = 1 }
/// await store.send(StopTimer()) { $0.isTimerRunning = false }
/// await task.finish()
/// ```
///
/// The work counted is what the side-effect modules report for the sent action and for every
/// action that descends from it, as for ReduxCore's `StoreTask` (``storeTask``). A task's steps
/// are test store steps: await each before the next.
public struct TestStoreTask: Sendable {
  /// The store's own handle on the same work.
  public let storeTask: StoreTask
  /// The step that started the work, such as `send(StartTimer)`, for failures.
  let step: String
  /// How long ``finish(timeout:fileID:filePath:line:column:)`` and
  /// ``cancel(fileID:filePath:line:column:)`` wait by default: the test store's timeout when
  /// the action was sent.
  let timeout: Duration
  let work: StoreWork
  let steps: StepTracker

  init(
    _ storeTask: StoreTask, of step: String, timeout: Duration, work: StoreWork,
    steps: StepTracker
  ) {
    self.storeTask = storeTask
    self.step = step
    self.timeout = timeout
    self.work = work
    self.steps = steps
  }

  /// Whether every piece of work the sent action started has ended.
  public var isFinished: Bool { storeTask.isFinished }

  /// Waits until every piece of work the sent action started has ended, and fails the test if
  /// some is still running after `timeout`.
  ///
  /// Other work in the store is not waited for; ``TestStore/finish(timeout:fileID:filePath:line:column:)``
  /// waits for all of it and checks the received actions.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, in real time; the test store's ``TestStore/timeout`` (when
  ///     the action was sent) when nil.
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let isChecking = steps.begin("finish() of \(step)", at: location)
    defer { steps.end() }
    let limit = timeout ?? self.timeout
    if await !work.finishes(storeTask, within: limit), isChecking {
      steps.report(
        TestStoreMessages.notFinished(step, within: limit, work: work.list()), at: location)
    }
  }

  /// Cancels the work the sent action started and waits until it has ended.
  ///
  /// Work that has already ended needs nothing. Each module cancels its own work (an async
  /// effect or thunk, a command's jobs, the saga forks the action started); work its module
  /// cannot stop (a saga loop the action resumed, which outlives it) fails the test, listed by
  /// name. End such work through the feature (send the action that stops it) and await
  /// ``finish(timeout:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  @MainActor
  public func cancel(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let name = "cancel() of \(step)"
    let isChecking = steps.begin(name, at: location)
    defer { steps.end() }
    guard isChecking else { return }
    await work.cancel(storeTask, by: name, within: timeout, steps: steps, at: location)
  }
}
