import ReduxCore
import ReduxSeam
import Synchronization

/// A put waiting for the drain that made it to end, then for the store to process its action
/// and everything dispatched while it was processed (docs/sagas.md, "A put completes after what
/// it caused").
///
/// The put of a race or all branch, or of code the runtime cannot place: a saga's own task
/// puts through its node instead (NodePut.swift), which does the same without an allocation.
///
/// An object that the store's queue carries as it is (a `TrackedDispatch`: wrapping it in the
/// store's own tracked action was one more allocation per put), and tells directly once the
/// action has been processed; the scheduler's queue moves a reference, not the action (copying
/// a struct that holds an existential, through generic value witnesses, cost about 1,400
/// instructions per put).
///
/// A dispatch made while the action is processed is queued in the store behind it. So when the
/// action has been processed and the store's queue is empty, nothing it caused is left and the
/// saga resumes at once. Otherwise the same object goes round as a marker, queued behind what
/// was dispatched meanwhile and dropped there before any middleware: when it comes back, the
/// saga resumes if the queue is empty or nothing processed during the round dispatched (the
/// store's nested dispatch count did not move: what other threads dispatched meanwhile does
/// not count, so they cannot keep the put waiting); else it goes round again. Sagas' puts
/// are not dispatched meanwhile: the scheduler holds them until this put's saga has resumed
/// (redux-saga's `asap` order), so a reply put in response reaches a `take` the putting saga
/// starts after `put`, and no round ever waits for a saga.
@usableFromInline
final class HeldPut: PendingPut {
  @usableFromInline let action: any Action
  @usableFromInline let origin: ActionOrigin
  @usableFromInline var isSent: Bool { false }
  @usableFromInline var pending: UInt64? { nil }
  /// The putting saga, suspended; resumed once.
  private let continuation: UnsafeContinuation<Void, Never>
  private let scheduler: SagaScheduler
  private let rounds = PutRounds()

  init(
    action: any Action, origin: ActionOrigin, continuation: UnsafeContinuation<Void, Never>,
    scheduler: SagaScheduler
  ) {
    self.action = action
    self.origin = origin
    self.continuation = continuation
    self.scheduler = scheduler
  }

  @usableFromInline @inline(__always)
  func withRounds<Result>(_ body: (borrowing PutRounds) -> Result) -> Result {
    body(rounds)
  }

  @usableFromInline
  func resume() {
    continuation.resume()
  }

  @usableFromInline
  func complete() {
    scheduler.completePut { continuation.resume() }
  }
}

/// A put the scheduler holds and then sends to the store, which tells it when its action (and
/// what that caused) has been processed: a ``HeldPut``, or the put a saga's own task has in
/// flight, kept in its node (NodePut.swift).
///
/// What a put does with the store is the same for both (this protocol's extension); each
/// keeps its own ``PutRounds`` and its suspended saga.
@usableFromInline
protocol PendingPut: TrackedDispatch {
  /// Runs `body` with the put's rounds through the store.
  func withRounds<Result>(_ body: (borrowing PutRounds) -> Result) -> Result
  /// Sends the put to the store (again, as a marker) through `route`. A requirement, with its
  /// one implementation below, so that a call on `any PendingPut` lands in code specialized
  /// for the put's type.
  func send(through route: PutRoute)
  /// Resumes the putting saga at once: no store is attached to dispatch to.
  func resume()
  /// Resumes the putting saga once its action and what it caused have been processed, then
  /// lets the puts held behind it go to the store.
  func complete()
}

extension PendingPut {
  /// Sends the put to the store (again, as a marker) through `route`.
  @usableFromInline @inline(__always)
  func send(through route: PutRoute) {
    withRounds { $0.sending(through: route) }
    route.deliver(self)
  }

  /// The action is processed the first time only; the marker's rounds are dropped before any
  /// middleware.
  @usableFromInline @inline(__always)
  func shouldProcess() -> Bool {
    withRounds { $0.isFirst }
  }

  /// The store processed the action, or the marker came back: either the marker goes round
  /// again, or the putting saga goes on inside this dispatch, up to its next wait.
  @usableFromInline @inline(__always)
  func actionProcessed(lookingAt queue: () -> StoreQueueState) {
    if let route = withRounds({ $0.nextRound(after: queue()) }) {
      send(through: route)
    } else {
      complete()
    }
  }

  /// The store was released before it processed the action: the putting saga goes on.
  @usableFromInline @inline(__always)
  func actionProcessed() {
    complete()
  }
}

/// The rounds a put makes through the store (see ``HeldPut``): whether the store has processed
/// its action yet, the store's nested dispatch count when the marker last set off, and the
/// route that sent it.
@usableFromInline
struct PutRounds: ~Copyable, Sendable {
  /// ``notProcessed`` until the store has processed the action; then the store's nested
  /// dispatch count when the marker last set off. Written and read by the store's drainer, one
  /// thread at a time, ordered by the store's lock: relaxed is enough.
  private let mark = Atomic<UInt64>(PutRounds.notProcessed)
  private static let notProcessed = UInt64.max
  /// The route that sent the put to the store, set before each sending (ordered before the
  /// store's drainer reads it by the store's lock), so that the store's answer needs neither
  /// the scheduler's lock nor a retain. Unretained: the scheduler keeps its one route for as
  /// long as it lives, and the put, in flight, keeps the scheduler.
  private let sentThrough = Atomic<Unmanaged<PutRoute>?>(nil)

  /// A new put: its action not processed yet.
  func start() {
    mark.store(Self.notProcessed, ordering: .relaxed)
  }

  /// Whether the store has yet to process the action: the marker's rounds are dropped before
  /// any middleware.
  var isFirst: Bool { mark.load(ordering: .relaxed) == Self.notProcessed }

  /// The put is being sent through `route`.
  func sending(through route: PutRoute) {
    sentThrough.store(Unmanaged.passUnretained(route), ordering: .relaxed)
  }

  /// The store processed the action, or the marker came back, and its queue is `queue`: the
  /// route to send the marker round again through, or nil when the putting saga goes on.
  func nextRound(after queue: StoreQueueState) -> PutRoute? {
    if queue.isEmpty { return nil }
    let last = mark.load(ordering: .relaxed)
    if last != Self.notProcessed, last == queue.nestedDispatchCount { return nil }
    mark.store(queue.nestedDispatchCount, ordering: .relaxed)
    // Set by `sending(through:)` before the store could process the put.
    return sentThrough.load(ordering: .relaxed)?.takeUnretainedValue()
  }
}

/// How a runtime's held puts reach its store. A class: the put keeps it unretained while in
/// flight (the scheduler keeps its one route for as long as it lives), and a closure stored
/// in the put cost a retain and a release per put.
@usableFromInline
final class PutRoute: Sendable {
  /// Dispatches the put, which is told once its action has been processed (a route without a
  /// store, ``runSaga``'s, completes the put itself).
  let deliver: @Sendable (any PendingPut) -> Void

  init(deliver: @escaping @Sendable (any PendingPut) -> Void) {
    self.deliver = deliver
  }
}
