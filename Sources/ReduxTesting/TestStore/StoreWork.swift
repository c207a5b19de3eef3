import ReduxCore
import ReduxSeam

/// The work in flight in the store under test, as a test store and its tasks wait for, list
/// and cancel it.
///
/// Cancelling goes through ReduxCore's work reporting: each module tells the store how to stop
/// the work it starts (an async effect's or thunk's task, a command's jobs, a saga's task), and
/// ``cancel(_:)`` asks the store to stop the work a `send` started
/// (``TestStoreTask/cancel(fileID:filePath:line:column:)``) or all of it
/// (``TestStore/cancelInFlightEffects(strict:fileID:filePath:line:column:)``). Work a module
/// cannot stop is returned by name, and the test store reports it.
struct StoreWork: Sendable {
  /// The work in flight now, oldest first, as the modules described it.
  let list: @Sendable () -> [String]
  /// Waits until the work `task` started has ended (all work when nil).
  let wait: @Sendable (_ task: StoreTask?) async -> Void
  /// Asks the modules to cancel the work `task` started (all work when nil); returns the work
  /// still running that could not be cancelled.
  let cancel: @Sendable (_ task: StoreTask?) -> [String]
  /// Stops waiting for the work in flight, which goes on; returns how much there was.
  let forget: @Sendable () -> Int

  init<State>(_ store: Store<State>) {
    list = { store.workLedger.descriptions() }
    wait = { task in
      if let task { await task.finish() } else { await store.workLedger.wait(for: nil) }
    }
    cancel = { task in store.workLedger.cancel(origin: task?.origin) }
    forget = { store.workLedger.forget() }
  }

  /// Waits up to `limit` for the work `task` started (all work when nil) to end; returns
  /// whether it did.
  func finishes(_ task: StoreTask?, within limit: Duration) async -> Bool {
    let wait = wait
    return await ReduxTesting.finishes(within: limit) { await wait(task) }
  }

  /// Cancels the work `task` started (all work when nil), then waits up to `limit` for it to
  /// end; reports, at `location`, work that could not be cancelled or did not end in time.
  func cancel(
    _ task: StoreTask?, by step: String, within limit: Duration, steps: StepTracker,
    at location: SourceLocation
  ) async {
    let uncancelled = cancel(task)
    guard uncancelled.isEmpty else {
      steps.report(TestStoreMessages.notCancelled(uncancelled, by: step), at: location)
      return
    }
    if await !finishes(task, within: limit) {
      steps.report(
        TestStoreMessages.notFinished(step, within: limit, work: list()), at: location)
    }
  }
}
