import ReduxCore
import ReduxSeam

/// A continuation that several parties race to resume, of which only the first does: a
/// completion callback and a cancellation handler, or an END and a cancellation.
///
/// Set it in the continuation's body, before any party can resume it; a party that comes
/// later than the first finds it empty and does nothing.
final class OneShotContinuation<Value: Sendable>: Sendable {
  private let continuation = Lock<CheckedContinuation<Value, any Error>?>(nil)

  /// Holds the continuation until the first party resumes it.
  func set(_ continuation: CheckedContinuation<Value, any Error>) {
    self.continuation.withLock { $0 = continuation }
  }

  /// Resumes the continuation with `result`, unless another party already did.
  func resume(with result: Result<Value, any Error>) {
    let first = continuation.withLock { continuation in
      defer { continuation = nil }
      return continuation
    }
    first?.resume(with: result)
  }
}
