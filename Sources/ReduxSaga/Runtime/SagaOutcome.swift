import ReduxCore

// How a saga ends (its body's outcome, the rules that turn it into the saga's result) and how
// others wait for that end (`join`, `SagaTask.value`).

/// How a saga's body ended: its value, or the error it threw.
struct BodyOutcome: Sendable {
  let value: (any Sendable)?
  let failure: (any Error)?
}

/// The error that aborted a saga, and the saga stack it came from.
struct ForkAbort {
  let error: any Error
  let stack: [String]
}

/// How a saga ended, as its parent (or the error hook) sees it.
enum NodeOutcome: Sendable {
  case succeeded
  case cancelled
  case failed(any Error, stack: [String])

  /// How a saga ended, and what its task throws (nil when it returns its value):
  /// - an abort (the first error of the saga or one of its forks) wins over everything;
  /// - a body that ended by taking after ``END`` ends quietly (cancelled, if it was);
  /// - an error thrown while cancelled is still a failure: cleanup code's errors are not lost;
  /// - a saga that was cancelled ends cancelled, even if its body returned.
  static func of(
    failure: (any Error)?, abort: ForkAbort?, isCancelled: Bool,
    stack: @autoclosure () -> [String]
  ) -> (outcome: NodeOutcome, thrown: (any Error)?) {
    if let abort { return (.failed(abort.error, stack: abort.stack), abort.error) }
    guard let failure, !isEnd(failure) else {
      return isCancelled ? (.cancelled, CancellationError()) : (.succeeded, nil)
    }
    if failure is CancellationError { return (.cancelled, failure) }
    return (.failed(failure, stack: stack()), failure)
  }

  /// Whether `error` is the end of input after ``END``, which ends a saga quietly.
  static func isEnd(_ error: any Error) -> Bool {
    (error as? ChannelError) == .closed
  }
}

extension SagaNode {
  /// Runs `cleanup` when this saga finishes, or now if it already has.
  func onFinish(_ cleanup: @escaping @Sendable () -> Void) {
    let isFinished = withState { state in
      if !state.isFinished { state.cleanups.append(cleanup) }
      return state.isFinished
    }
    if isFinished { cleanup() }
  }

  /// Ends the saga whose body ended with `outcome`, unless attached forks still run: then
  /// returns false, and ``endAfterForks(_:quietlyAtEnd:)`` ends it once they have finished. END
  /// ends a saga quietly if `quietlyAtEnd` (its value is `()`), and fails it with
  /// ``ChannelError/closed`` otherwise.
  func end(_ outcome: BodyOutcome, quietlyAtEnd: Bool) -> Bool {
    if let failure = outcome.failure, !NodeOutcome.isEnd(failure) { bodyFailed(failure) }
    guard !withState({ $0.hasForks }) else { return false }
    finish(value: outcome.value, failure: outcome.failure, quietlyAtEnd: quietlyAtEnd)
    return true
  }

  /// Waits for the attached forks, then ends the saga.
  func endAfterForks(_ outcome: BodyOutcome, quietlyAtEnd: Bool) async {
    waitingForForks()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isDone = withState { state in
        if state.hasForks { state.forksFinished = continuation }
        return !state.hasForks
      }
      if isDone { continuation.resume() }
    }
    finish(value: outcome.value, failure: outcome.failure, quietlyAtEnd: quietlyAtEnd)
  }

  private func finish(value: (any Sendable)?, failure: (any Error)?, quietlyAtEnd: Bool) {
    let ending = withState { state in
      state.isFinished = true
      state.task = nil
      let (outcome, thrown) = NodeOutcome.of(
        failure: failure, abort: state.abort, isCancelled: state.isCancelled,
        stack: self.stackUnlocked(state))
      if let thrown {
        state.result = .failure(thrown)
      } else if let failure, !quietlyAtEnd {
        state.result = .failure(failure)
      } else {
        state.result = .success(value ?? ())
      }
      defer {
        state.cleanups = []
        state.joiners = [:]
        state.work.handle = nil
      }
      return (outcome, state.cleanups, Array(state.joiners.values), state.work.handle)
    }
    let (outcome, cleanups, joiners, work) = ending
    for cleanup in cleanups { cleanup() }
    if let parent {
      parent.childFinished(self, outcome, workingFor: work?.origin)
    } else if reportsErrors, case .failed(let error, let stack) = outcome {
      core.report(error, stack)
    }
    work?.end()
    for joiner in joiners { joiner.resume() }
  }

  /// The stack, from inside the lock: the cached one, or built from the ancestors' (whose
  /// locks are not this one).
  private func stackUnlocked(_ state: NodeState) -> [String] {
    state.stack ?? (above?.stack ?? []) + [name]
  }

  /// Waits until the saga has finished; if `cancellable`, throws `CancellationError` when the
  /// waiting task is cancelled first (the saga keeps running).
  func waitUntilFinished(cancellable: Bool = true) async throws {
    let id = withState { state in
      defer { state.nextJoiner += 1 }
      return state.nextJoiner
    }
    // A cancellable wait ends at once when its task is cancelled: the joiner is removed and
    // resumed with the error, by the handler or, if the task was cancelled first, right away.
    let giveUp: @Sendable () -> Void = { [self] in
      guard cancellable else { return }
      withState { $0.joiners.removeValue(forKey: id) }?.resume(throwing: CancellationError())
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let isFinished = withState { state in
          if !state.isFinished { state.joiners[id] = continuation }
          return state.isFinished
        }
        if isFinished { return continuation.resume() }
        if Task.isCancelled { giveUp() }
      }
    } onCancel: {
      giveUp()
    }
  }

  /// The saga's result, once finished.
  func result<Value: Sendable>(as type: Value.Type) -> Result<Value, any Error> {
    guard let result = withState({ $0.result }) else {
      preconditionFailure("a saga's result was read before it finished")
    }
    return result.map { value in
      guard let value = value as? Value else {
        preconditionFailure("a saga finished with a value of another type")
      }
      return value
    }
  }
}
