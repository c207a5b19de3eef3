import ReduxCore
import ReduxSeam
import Synchronization

/// An action sent by a command, on its way through the store: the store drops it if its scope
/// was cancelled before the store got to it, so no middleware ever sees it. Its scope counts it
/// as a delivery until then (``CommandScope/beginDelivery()``), so that a cancel finds the scope
/// even if its job has already ended.
///
/// A tracked dispatch (ReduxCore's work reporting): it carries the origin of the `send` whose
/// command sent it, and the store asks it whether the action is still wanted.
@usableFromInline
final class CommandEnvelope: TrackedDispatch {
  @usableFromInline let action: any Action
  @usableFromInline let origin: ActionOrigin
  let scope: CommandScope
  /// Set once the store asked whether the action is wanted, which ended its delivery.
  private let isDelivered = Atomic<Bool>(false)

  @usableFromInline var isSent: Bool { false }
  @usableFromInline var pending: UInt64? { nil }
  // Processed alone: the store does not count its consequences for it.
  @usableFromInline var waitsForConsequences: Bool { false }
  @usableFromInline var waitsForRoom: Bool { true }
  @usableFromInline var cause: (any TrackedDispatch)? { nil }
  @usableFromInline func actionReduced() {}
  @usableFromInline func consequenceAdded() {}
  @usableFromInline func consequenceProcessed() -> Bool { true }

  init(action: any Action, origin: ActionOrigin, scope: CommandScope) {
    self.action = action
    self.origin = origin
    self.scope = scope
  }

  @usableFromInline func shouldProcess() -> Bool {
    isDelivered.store(true, ordering: .relaxed)
    return scope.endDelivery()
  }

  @usableFromInline
  func actionProcessed() {
    // A store released before it got to the action never asked: end the delivery here.
    if !isDelivered.exchange(true, ordering: .relaxed) { _ = scope.endDelivery() }
  }
}
