import ReduxCore
import ReduxSeam

// The put a saga's own task has in flight, kept in its node: the node is the `PendingPut` the
// scheduler holds and the store processes, where a `HeldPut` was an allocation of its own per
// put. A task makes one put at a time (it waits in it), so one slot per node is enough; puts
// from a race or all branch, or from code the runtime cannot place (RunningSlot.swift), still
// get a `HeldPut`.
//
// Written by the putting task before the scheduler holds the put (its lock), read by the
// flushing thread and the store's drainer after (the scheduler's and the store's locks), and
// written again only by the next put, which the task makes after this one completed.

/// The put a node's own task has in flight; empty between puts.
struct OwnPut {
  var action: any Action = NoPutYet()
  var origin = ActionOrigin.untracked
  /// The putting task, suspended; resumed once, then nil.
  var continuation: UnsafeContinuation<Void, Never>?
}

/// What ``OwnPut/action`` holds before the first put: never dispatched.
private struct NoPutYet: Action {}

extension SagaNode: PendingPut {
  /// The action of the put the node's own task has in flight.
  @usableFromInline var action: any Action { ownPut.action }
  /// That put's origin: the `send` its saga works for.
  @usableFromInline var origin: ActionOrigin { ownPut.origin }
  @usableFromInline var isSent: Bool { false }
  @usableFromInline var pending: UInt64? { nil }

  /// Starts a put of the node's own task (the caller then holds the node in the scheduler).
  func startPut(
    _ action: any Action, origin: ActionOrigin, continuation: UnsafeContinuation<Void, Never>
  ) {
    ownPut = OwnPut(action: action, origin: origin, continuation: continuation)
    ownPutRounds.start()
  }

  @usableFromInline @inline(__always)
  func withRounds<Result>(_ body: (borrowing PutRounds) -> Result) -> Result {
    body(ownPutRounds)
  }

  @usableFromInline
  func resume() {
    takeContinuation().resume()
  }

  @usableFromInline
  func complete() {
    let continuation = takeContinuation()
    hooks.scheduler.completePut { continuation.resume() }
  }

  /// The suspended task, taken before it resumes (it may put again at once). The put is over:
  /// its action is released now, not kept until the saga's next put, which may come much later
  /// or never.
  private func takeContinuation() -> UnsafeContinuation<Void, Never> {
    guard let continuation = ownPut.continuation else {
      preconditionFailure("a saga's put was completed twice")
    }
    ownPut.continuation = nil
    ownPut.action = NoPutYet()
    return continuation
  }
}
