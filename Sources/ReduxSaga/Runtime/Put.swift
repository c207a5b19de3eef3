import ReduxCore
import ReduxSeam
import Synchronization

// One put path (docs/sagas.md, "A put completes after what it caused", "The putting saga
// misses nothing"): `put` queues the put in the asap queue; the scheduler dispatches it once
// the sagas running now wait (Scheduler.swift); the store tells it when its action is reduced
// (from then on the actions delivered are recorded for the putting saga), then when its
// consequences are processed too: the saga resumes up to its next wait, and the recorded
// actions are replayed to the takes it made, as redux-saga delivers them after the put.

/// A saga's put on its way through the asap queue and the store.
@usableFromInline
final class PutRequest: TrackedDispatch {
  @usableFromInline let action: any Action
  @usableFromInline let origin: ActionOrigin
  private let node: SagaNode
  /// The putting saga, suspended; resumed once, when the store reports the put processed.
  private let continuation: UnsafeContinuation<Void, Never>
  /// The action and its consequences not processed yet, counted by the store: the put is its
  /// own counter, one allocation fewer per put (ModuleProfile's `saga-sync`, `saga-fork1000`).
  private let remaining = Atomic<Int>(1)
  /// Whether the putting saga has resumed: set under the scheduler's lock, and read there.
  private let resumed = Atomic<Bool>(false)

  /// Whether the putting saga has resumed; the steps that answer this put wait until then.
  var hasResumed: Bool {
    get { resumed.load(ordering: .relaxed) }
    set { resumed.store(newValue, ordering: .relaxed) }
  }

  init(
    action: any Action, origin: ActionOrigin, node: SagaNode,
    continuation: UnsafeContinuation<Void, Never>
  ) {
    self.action = action
    self.origin = origin
    self.node = node
    self.continuation = continuation
  }

  @usableFromInline var isSent: Bool { false }
  @usableFromInline var pending: UInt64? { nil }
  @usableFromInline var waitsForConsequences: Bool { true }

  @usableFromInline
  func consequenceAdded() {
    remaining.wrappingAdd(1, ordering: .relaxed)
  }

  @usableFromInline
  func consequenceProcessed() -> Bool {
    remaining.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0
  }

  /// The store is about to process the put's action on this thread: what sagas put meanwhile,
  /// until the put completes, answers this put.
  @usableFromInline
  func shouldProcess() -> Bool {
    node.core.scheduler.processing(self)
    return true
  }

  @usableFromInline
  func actionReduced() {
    node.core.takers.startRecording(for: self)
  }

  @usableFromInline
  func actionProcessed() {
    let core = node.core
    let replay = core.takers.stopRecording(for: self).map { recording in
      { @Sendable [node] in core.takers.replay(recording, to: node, draining: core.scheduler) }
    }
    core.scheduler.completePut(self, resuming: { continuation.resume() }, replay: replay)
  }
}

extension SagaContext {
  /// Dispatches an action to the store and returns once it, and every action its processing
  /// caused, have been processed: reduced, and seen by every saga they resume, which have run
  /// up to their next wait. So a `select` after `put` sees the action and its consequences.
  ///
  /// What the action caused: the actions dispatched while it was being processed (by a
  /// middleware, a subscriber, a reducer's follow-up), and, transitively, those dispatched
  /// while they were processed. Not included: the puts of the sagas it woke, held until this
  /// saga resumes (redux-saga's `asap` order), so a reply put in response reaches a `take`
  /// started after `put`; and what a saga does after a later wait (an async `call`, a
  /// `delay`, a `take` of another action). Actions other threads dispatch meanwhile do not
  /// delay it.
  ///
  /// This saga misses none of them: the actions delivered while its put was processed (after
  /// its own) are offered to the takes it makes right after `put` returns, in order, as
  /// redux-saga delivers them once the put has returned.
  ///
  /// The action is held until the sagas running now reach their next wait, then dispatched in
  /// the order the puts were made (redux-saga's scheduling): a fork's put reaches its parent's
  /// next `take`. If the store is busy on another thread, the action is queued there and `put`
  /// resumes when it has been processed. Works after cancellation, so a cancelled saga can
  /// report it. Returns at once once the store has been released.
  nonisolated(nonsending) public func put(_ action: any Action) async {
    let effectID = started(.put(action))
    let origin = node.currentOrigin
    let node = node
    let scheduler = runtime.scheduler
    await withUnsafeContinuation(isolation: #isolation) {
      (continuation: UnsafeContinuation<Void, Never>) in
      scheduler.schedule(
        .put(
          PutRequest(action: action, origin: origin, node: node, continuation: continuation)))
    }
    if let effectID { report(effectID, .put(action), .resolved) }
  }
}
