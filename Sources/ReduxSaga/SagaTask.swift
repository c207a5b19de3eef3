/// A handle on a running saga: started by ``SagaMiddleware/run(_:_:)``, a fork or a spawn.
///
/// Cancel it, await its value (which also waits for its attached forks), or ask whether it is
/// still running. Dropping the handle does not cancel the saga.
public struct SagaTask<Value: Sendable>: Sendable {
  let node: SagaNode

  /// The saga's name, as it appears in saga stacks and monitor events.
  public var name: String { node.name }

  /// Whether the saga (or one of its attached forks) is still running.
  public var isRunning: Bool { !node.isFinished }

  /// Whether the saga was cancelled (directly, or because its parent was cancelled).
  public var isCancelled: Bool { node.isCancelled }

  /// Whether the saga was aborted: one of its attached forks failed, so it stopped and fails
  /// with that fork's error (redux-saga's `isAborted()`).
  public var isAborted: Bool { node.isAbortedByFork }

  /// Cancels the saga: the effect it is blocked on throws `CancellationError`, and its attached
  /// forks are cancelled recursively. Does nothing if it has finished.
  ///
  /// Called from outside the sagas, the cancelled sagas' cleanup has run up to its next wait
  /// when `cancel` returns: the saga's own first, then its forks' in the order they were forked.
  public func cancel() {
    node.core.scheduler.withDrain { node.cancel() }
  }

  /// Waits until the saga and its attached forks have finished, and returns its value.
  ///
  /// Throws the saga's error (or the error of the attached fork that aborted it), and
  /// `CancellationError` if the saga was cancelled. If the waiting task is cancelled, the wait
  /// throws `CancellationError` and the saga keeps running.
  public var value: Value {
    get async throws {
      try await node.waitUntilFinished()
      return try node.result(as: Value.self).get()
    }
  }

  /// Waits until the saga has finished and returns how it ended, without throwing.
  public var result: Result<Value, any Error> {
    get async {
      try? await node.waitUntilFinished(cancellable: false)
      return node.result(as: Value.self)
    }
  }
}
