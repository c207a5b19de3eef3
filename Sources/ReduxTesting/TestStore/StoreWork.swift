import ReduxCore

/// The work in flight in the store under test, as a test store and its tasks wait for, list
/// and cancel it.
///
/// ``cancel(_:)`` is the seam through which a test store cancels work: the work a `send`
/// started (``TestStoreTask/cancel(fileID:filePath:line:column:)``) or all of it
/// (``TestStore/skipInFlightEffects(strict:fileID:filePath:line:column:)``). ReduxCore's work
/// reporting knows each piece of work a side-effect module started (a `WorkHandle`, with the
/// `send` it descends from), but not how to stop it: only the module that started it can, by
/// cancelling its task. Cancelling from a test needs a hook in ReduxCore that each module fills
/// in: a cancel handler given with each `WorkHandle`, a `Store` function that calls the handlers
/// of one `send`'s work (or of all work) and returns the work that has none, and the origin of a
/// `StoreTask`. ReduxCore has no such hook, so the seam cancels nothing: it returns every piece
/// of work still running as work it could not cancel, and the test store reports it by name.
/// Once the hook exists, ``cancel(_:)`` is the one place that calls it.
struct StoreWork: Sendable {
  /// The work in flight now, oldest first, as the modules described it.
  let list: @Sendable () -> [String]
  /// Waits until the work `task` started has ended (all work when nil).
  let wait: @Sendable (_ task: StoreTask?) async -> Void
  /// The seam: asks the modules to cancel the work `task` started (all work when nil); returns
  /// the work still running that could not be cancelled.
  let cancel: @Sendable (_ task: StoreTask?) -> [String]

  init<State>(_ store: Store<State>) {
    list = { store.workInFlight() }
    wait = { task in
      if let task { await task.finish() } else { await store.waitForWork(origin: nil) }
    }
    cancel = { task in
      if let task, task.isFinished { return [] }
      // Without ReduxCore's hook nothing can be cancelled, so all of it is still running. The
      // store lists its work as a whole, so a task's answer lists the store's work in flight.
      return store.workInFlight()
    }
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
