import ReduxCore
import ReduxSeam

// Work reporting for one saga: a saga holds a `WorkHandle` while it runs on behalf of a `send`
// (resumed by an action of that origin, or forked by a saga that was), so that
// `store.send(action).finish()` waits for the calls, delays and puts the action started, and
// not for a loop that is back in `take`. The saga's strands of code (its body, or its race and
// all branches while the body awaits them) are counted while they run; when the last one
// waits for an action (a take, a channel take), the work ends.

/// What a saga works on for the store's work reporting: a value in the saga's ``NodeState``,
/// changed under the node's lock.
struct SagaWork {
  /// The work the saga does for a `send`; nil while it works for nobody.
  var handle: WorkHandle?
  /// The saga's strands of code that run rather than wait for an action: its body, or each of
  /// its race or all branches while the body awaits them.
  var runningStrands = 1
}

extension SagaNode {
  /// The `send` this saga's current work descends from.
  var currentOrigin: ActionOrigin {
    ActionOrigin(id: workOrigin.load(ordering: .acquiring))
  }

  /// Sets the work's handle and its origin's mirror; call it under the lock.
  func setWork(_ handle: WorkHandle?, in state: inout NodeState) {
    state.work.handle = handle
    workOrigin.store(handle?.origin.id ?? 0, ordering: .releasing)
  }

  /// Begins this saga's work on behalf of `origin` (at its start). `isCancellable`: the store
  /// may cancel this saga to cancel the work (a fork that an action started: a test's
  /// `skipInFlightEffects()` or `TestStoreTask.cancel()`); not a root saga, nor a loop an
  /// action resumed, which outlive the action.
  func beginWork(origin: ActionOrigin, isCancellable: Bool = false) {
    guard let handle = hooks.beginWork(origin, { "saga \(stack.joined(separator: " > "))" })
    else { return }
    if isCancellable {
      let scheduler = hooks.scheduler
      handle.onCancel { [weak self] in scheduler.withDrain { self?.cancel() } }
    }
    let previous = withState { state in
      defer { setWork(handle, in: &state) }
      return state.work.handle
    }
    previous?.end()
  }

  /// The saga's body has ended and the saga waits for its attached forks: it runs no code of
  /// its own, so its work ends (each fork reports its own), and a saga that only registered
  /// take helpers is idle while they wait. The last fork to finish begins it again, for the
  /// saga's own end (see ``lastForkFinished(workingFor:)``).
  func waitingForForks() {
    let ended: WorkHandle? = withState { state in
      state.work.runningStrands = 0
      defer { setWork(nil, in: &state) }
      return state.work.handle
    }
    ended?.end()
  }

  /// The last attached fork finished while working for `origin` (nil: for nobody): this saga
  /// works for that origin until its own end, so the origin's work never drops to zero
  /// before the saga has finished. Call it before the fork's own work ends.
  func lastForkFinished(workingFor origin: ActionOrigin?) {
    guard let origin else { return }
    beginWork(origin: origin)
  }

  /// One strand of this saga's code now waits for an action (a take, a channel take).
  func waitingForAction() {
    strandStopped()
  }

  /// One strand of this saga's code stopped running; the work ends when none is left.
  private func strandStopped() {
    let ended: WorkHandle? = withState { state in
      state.work.runningStrands -= 1
      guard state.work.runningStrands <= 0 else { return nil }
      defer { setWork(nil, in: &state) }
      return state.work.handle
    }
    ended?.end()
  }

  /// An action (or a value put by work of `origin`) resumes a strand of this saga's code;
  /// called inside the dispatch that delivers it, by the resumed take or by the channel put.
  func resumedByAction(origin: ActionOrigin) {
    guard withState({ $0.work.handle == nil }) else { return }
    beginWork(origin: origin)
  }

  /// The strand that waited for an action runs again (however it was resumed).
  func resumed() {
    withState { $0.work.runningStrands += 1 }
  }

  /// A take resumed by an action delivered on behalf of `origin`: the strand runs again, and
  /// the saga works for `origin` if it worked for nobody. One lock, where `resumedByAction`
  /// then `resumed` took two.
  func resumed(byActionOf origin: ActionOrigin) {
    let isIdle = withState { state in
      state.work.runningStrands += 1
      return state.work.handle == nil
    }
    if isIdle { beginWork(origin: origin) }
  }

  /// The saga's body awaits `count` race or all branches, each a strand of its own.
  func enterBranches(_ count: Int) {
    withState { $0.work.runningStrands += count - 1 }
  }

  /// A branch ended; the last one hands its strand back to the body that awaits the branches.
  func branchEnded(isLast: Bool) {
    if !isLast { strandStopped() }
  }
}
