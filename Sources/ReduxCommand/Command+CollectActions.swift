import ReduxCore
import ReduxSeam

extension Command {
  /// Runs this command without a store and returns every action it sends, in the order sent;
  /// a test helper.
  ///
  /// ```swift
  /// var state = Counter()
  /// let command = counter(&state, StepDelayed())
  /// let actions = await command.collectActions()
  /// #expect(actions.count == 1)
  /// ```
  ///
  /// It returns when all of the command's work has ended, asynchronous jobs included, so a
  /// command that never ends (a callback never fulfilled while its `fulfill` is kept, a job
  /// waiting on a clock nobody advances) keeps it waiting. ``cancel(id:)`` parts cancel work
  /// of this same run. Cancelling the calling task cancels the command; the actions sent until
  /// then are returned.
  public func collectActions() async -> [any Action] {
    let log = ActionLog()
    let runner = CommandRunner()
    let tasks = runner.start(self) { action, scope in
      scope.ifActive { log.append(action) }
    }
    await withTaskCancellationHandler {
      await waitForAll(tasks)
    } onCancel: {
      runner.root.cancel()
    }
    return log.actions
  }
}

/// The actions a ``Command/collectActions()`` run has collected.
final class ActionLog: Sendable {
  private let entries = Lock<[any Action]>([])

  func append(_ action: any Action) {
    entries.withLock { $0.append(action) }
  }

  var actions: [any Action] { entries.withLock { $0 } }
}
