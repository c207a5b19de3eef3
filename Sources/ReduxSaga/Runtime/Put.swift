import ReduxCore
import ReduxSeam
import Synchronization

// One put path (docs/sagas.md): queued in the asap queue, dispatched once the running sagas
// wait; the store reports the action reduced (the actions delivered from then on are recorded
// for the putting saga), then processed with its consequences: the saga resumes, and the
// recorded actions are replayed to the takes it made, as redux-saga delivers them.

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
  @usableFromInline var cause: (any TrackedDispatch)? { nil }
  /// A put is what an earlier action caused: it never waits behind new actions for room in the
  /// store's queue, so that sagas' puts do not pile up in the asap queue under load.
  @usableFromInline var waitsForRoom: Bool { false }

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
  /// What the action caused: the actions dispatched while it was processed (by a middleware, a
  /// subscriber, a reducer's follow-up), transitively. Not included: the puts of the sagas it
  /// woke, held until this saga resumes (redux-saga's `asap` order), so a reply reaches a
  /// `take` started after `put`; what a saga does after a later wait; actions other threads
  /// dispatch meanwhile.
  ///
  /// This saga misses none of them: the actions delivered while its put was processed are
  /// offered, in order, to the takes it makes right after `put` returns.
  ///
  /// The action is held until the running sagas reach their next wait, then dispatched in the
  /// order the puts were made: a fork's put reaches its parent's next `take`. On a store busy
  /// on another thread it is queued there. Works after cancellation, so a cancelled saga can
  /// report it; returns at once once the store has been released.
  nonisolated(nonsending) public func put(_ action: any Action) async {
    let effectID = node.effectStarted(.put(action))
    let origin = node.currentOrigin
    let node = node
    let scheduler = runtime.scheduler
    await withUnsafeContinuation(isolation: #isolation) {
      (continuation: UnsafeContinuation<Void, Never>) in
      scheduler.schedule(
        .put(
          PutRequest(action: action, origin: origin, node: node, continuation: continuation)))
    }
    if let effectID { node.effectEnded(effectID, .put(action), .resolved) }
  }
}
