/// Told when an action dispatched with it has been processed.
///
/// An object the caller already holds for the action (a saga's held put, a `send`'s waiter):
/// a completion closure would be one more allocation per action.
@usableFromInline
package protocol ActionProcessedListener: AnyObject, Sendable {
  /// Called once, on the thread that processed the action, right after it went through the
  /// middleware and the reducer (or was dropped by a middleware), before any action queued
  /// after it; or at once, if the store was released first.
  func actionProcessed()
}

/// Resumes a task once an action has been processed: a `send`, or a module's dispatch that
/// waits for its action.
package final class ResumeWhenProcessed: ActionProcessedListener {
  private let continuation: CheckedContinuation<Void, Never>

  package init(_ continuation: CheckedContinuation<Void, Never>) {
    self.continuation = continuation
  }

  package func actionProcessed() {
    continuation.resume()
  }
}
