/// How a saga ended, as its parent (or the error hook) sees it.
enum NodeOutcome: Sendable {
  case succeeded
  case cancelled
  case failed(any Error, stack: [String])

  /// How a saga ended, and what its Swift task throws (nil when it returns its value), from
  /// what its body did and what happened to it. redux-saga's rules:
  /// - an abort (the first error of the saga or one of its forks) wins over everything;
  /// - a body that ended by taking after ``END`` ends quietly (cancelled, if it was);
  /// - an error thrown while cancelled is still a failure: cleanup code's errors are not lost;
  /// - a saga that was cancelled ends cancelled, even if its body returned.
  ///
  /// - Parameters:
  ///   - failure: What the body threw; nil if it returned.
  ///   - abort: The error that aborted the saga, with the saga stack it came from.
  ///   - isCancelled: Whether the saga was cancelled.
  ///   - stack: The saga's stack, built only for a failure of its own.
  static func of(
    failure: (any Error)?, abort: ForkAbort?, isCancelled: Bool,
    stack: @autoclosure () -> [String]
  ) -> (outcome: NodeOutcome, thrown: (any Error)?) {
    if let abort {
      return (.failed(abort.error, stack: abort.stack), abort.error)
    }
    guard let failure else {
      return isCancelled ? (.cancelled, CancellationError()) : (.succeeded, nil)
    }
    if isEnd(failure) {
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
