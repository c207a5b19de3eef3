import ReduxCore

/// A put waiting for the drain that made it to end, then for the store to process its action.
///
/// An object that the store's queue carries as it is (a `TrackedDispatch`: wrapping it in the
/// store's own tracked action was one more allocation per put), and tells directly once the
/// action has been processed; the scheduler's queue moves a reference, not the action (copying
/// a struct that holds an existential, through generic value witnesses, cost about 1,400
/// instructions per put).
@usableFromInline
final class HeldPut: TrackedDispatch {
  @usableFromInline let action: any Action
  @usableFromInline let origin: ActionOrigin
  @usableFromInline var isSent: Bool { false }
  @usableFromInline var pending: UInt64? { nil }
  /// The putting saga, suspended; resumed once.
  private let continuation: UnsafeContinuation<Void, Never>
  private let scheduler: SagaScheduler

  init(
    action: any Action, origin: ActionOrigin, continuation: UnsafeContinuation<Void, Never>,
    scheduler: SagaScheduler
  ) {
    self.action = action
    self.origin = origin
    self.continuation = continuation
    self.scheduler = scheduler
  }

  /// Resumes the putting saga at once: no store is attached to dispatch to.
  func resume() {
    continuation.resume()
  }

  /// The store processed the action: the putting saga goes on inside this dispatch, up to its
  /// next wait.
  @usableFromInline
  func actionProcessed() {
    scheduler.withDrain { continuation.resume() }
  }
}
