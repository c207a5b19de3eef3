import ReduxCore
import ReduxSeam

// Work reporting for one saga: it holds a `WorkHandle` while it runs for a `send` (resumed by
// an action of that origin, or forked by a saga that was), so `send(action).finish()` waits for
// the calls, delays and puts the action started, not for a loop back in `take`. Its strands of
// code (the body, or its race and all branches) are counted; when the last one waits for an
// action, the work ends.

/// What a saga works on for the store's work reporting, in its ``NodeState``.
struct SagaWork {
  /// The work the saga does for a `send`; nil while it works for nobody.
  var handle: WorkHandle?
  /// The saga's strands of code that run rather than wait for an action.
  var runningStrands = 1
}

extension SagaNode {
  /// The `send` this saga's current work descends from.
  var currentOrigin: ActionOrigin {
    withState { $0.work.handle?.origin } ?? .untracked
  }

  /// Begins this saga's work on behalf of `origin`. `isCancellable`: the store may cancel the
  /// saga to cancel the work (a fork an action started), unlike a root or a resumed loop.
  func beginWork(origin: ActionOrigin, isCancellable: Bool = false) {
    guard let handle = core.beginWork(origin, { "saga \(stack.joined(separator: " > "))" })
    else { return }
    if isCancellable {
      let scheduler = core.scheduler
      handle.onCancel { [weak self] in scheduler.withDrain { self?.cancel() } }
    }
    let previous = withState { state in
      defer { state.work.handle = handle }
      return state.work.handle
    }
    previous?.end()
  }

  /// Ends the saga's work if `change` leaves no strand running.
  private func changeStrands(_ change: (inout Int) -> Void) {
    let ended = withState { state -> WorkHandle? in
      change(&state.work.runningStrands)
      guard state.work.runningStrands <= 0 else { return nil }
      defer { state.work.handle = nil }
      return state.work.handle
    }
    ended?.end()
  }

  /// The body has ended and waits for its attached forks: it runs no code of its own, so its
  /// work ends (each fork reports its own). The last fork to finish begins it again.
  func waitingForForks() {
    changeStrands { $0 = 0 }
  }

  /// One strand of this saga's code now waits for an action (a take, a channel take).
  func waitingForAction() {
    changeStrands { $0 -= 1 }
  }

  /// The strand that waited for an action runs again (however it was resumed).
  func resumed() {
    withState { $0.work.runningStrands += 1 }
  }

  /// A take resumed by an action delivered on behalf of `origin`: the strand runs again, and
  /// the saga works for `origin` if it worked for nobody.
  func resumed(byActionOf origin: ActionOrigin) {
    let isIdle = withState { state in
      state.work.runningStrands += 1
      return state.work.handle == nil
    }
    if isIdle { beginWork(origin: origin) }
  }

  /// A value put on behalf of `origin` resumes a channel take of this saga.
  func resumedByAction(origin: ActionOrigin) {
    if withState({ $0.work.handle == nil }) { beginWork(origin: origin) }
  }

  /// The body awaits `count` race or all branches, each a strand of its own.
  func enterBranches(_ count: Int) {
    withState { $0.work.runningStrands += count - 1 }
  }

  /// A branch ended; the last one hands its strand back to the body.
  func branchEnded(isLast: Bool) {
    if !isLast { changeStrands { $0 -= 1 } }
  }
}
