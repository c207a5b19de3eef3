import ReduxCore
import Synchronization

/// A put waiting for the drain that made it to end, then for the store to process its action
/// and everything that processing caused (docs/sagas.md, "A put completes after what it
/// caused").
///
/// An object that the store's queue carries as it is (a `TrackedDispatch`: wrapping it in the
/// store's own tracked action was one more allocation per put), and tells directly once the
/// action has been processed; the scheduler's queue moves a reference, not the action (copying
/// a struct that holds an existential, through generic value witnesses, cost about 1,400
/// instructions per put).
///
/// Once its action has been processed, the same object goes round again as a marker: held
/// behind the puts made meanwhile, then queued in the store behind the actions dispatched
/// meanwhile, and dropped there before any middleware. If no action reached the sagas between
/// the marker leaving and coming back, nothing the action caused is left anywhere (in the
/// store's queue or among the held puts) and the putting saga resumes; otherwise it goes round
/// again. No round waits for a saga, only for actions, so a put made in response cannot
/// deadlock with the put that caused it.
@usableFromInline
final class HeldPut: TrackedDispatch {
  @usableFromInline let action: any Action
  @usableFromInline let origin: ActionOrigin
  @usableFromInline var isSent: Bool { false }
  @usableFromInline var pending: UInt64? { nil }
  /// The putting saga, suspended; resumed once.
  private let continuation: UnsafeContinuation<Void, Never>
  private let scheduler: SagaScheduler
  private let hub: ActionHub
  /// ``notProcessed`` until the store has processed the action; then the hub's delivered count
  /// when the marker last set off. Written and read by the store's drainer, one thread at a
  /// time, ordered by the store's lock: relaxed is enough.
  private let mark = Atomic<UInt64>(HeldPut.notProcessed)
  private static let notProcessed = UInt64.max

  init(
    action: any Action, origin: ActionOrigin, continuation: UnsafeContinuation<Void, Never>,
    scheduler: SagaScheduler, hub: ActionHub
  ) {
    self.action = action
    self.origin = origin
    self.continuation = continuation
    self.scheduler = scheduler
    self.hub = hub
  }

  /// Resumes the putting saga at once: no store is attached to dispatch to.
  func resume() {
    continuation.resume()
  }

  /// The action is processed the first time only; the marker's rounds are dropped before any
  /// middleware.
  @usableFromInline
  func shouldProcess() -> Bool {
    mark.load(ordering: .relaxed) == Self.notProcessed
  }

  /// The store processed the action, or the marker came back: either the marker goes round
  /// again, or the putting saga goes on inside this dispatch, up to its next wait.
  @usableFromInline
  func actionProcessed() {
    let delivered = hub.deliveredCount
    let last = mark.load(ordering: .relaxed)
    if last == Self.notProcessed || last != delivered {
      mark.store(delivered, ordering: .relaxed)
      scheduler.sendBehindHeldPuts(self)
      return
    }
    scheduler.withDrain { continuation.resume() }
  }
}
