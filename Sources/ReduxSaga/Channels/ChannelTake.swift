import ReduxCore
import ReduxSeam

/// A task waiting on a channel: resumed once, by whoever takes it out of the channel's takers
/// (a put, a close, or its cancellation). `node` is the saga it runs in, if any.
struct ChannelTaker<Element: Sendable>: Sendable {
  let id: UInt64
  let continuation: CheckedContinuation<Element?, any Error>
  let node: SagaNode?
  /// The values it accepts (a multicast channel's `take(where:)`); every one for a channel.
  var accepts: @Sendable (Element) -> Bool = { _ in true }
}

/// Resumes `takers` with `element`, put on behalf of `origin`: the sagas among them run now, in
/// order, up to their next wait (after the caller's, from a saga).
func resume<Element: Sendable>(
  _ takers: [ChannelTaker<Element>], with element: Element, origin: ActionOrigin
) {
  let resumeAll = {
    for taker in takers {
      taker.node?.resumedByAction(origin: origin)
      taker.continuation.resume(returning: element)
    }
  }
  if let node = takers.lazy.compactMap(\.node).first {
    node.core.scheduler.withDrain(resumeAll)
  } else {
    resumeAll()
  }
}

/// The body of every channel take: reports ``SagaEffect/takeChannel`` to the monitor, waits,
/// and pauses the saga's work while it waits.
///
/// `register` runs under the channel's lock: it returns what the take gets at once, or nil once
/// it has kept the taker (and, under the same lock, paused the saga's work through `parked`).
/// `withdraw` takes the taker out again when the task is cancelled.
nonisolated(nonsending) func takeFromChannel<Element: Sendable>(
  _ id: UInt64,
  register: (_ taker: ChannelTaker<Element>, _ parked: () -> Void) -> Result<Element?, any Error>?,
  withdraw: @escaping @Sendable () -> ChannelTaker<Element>?
) async throws -> Element? {
  try Task.checkCancellation()
  let node = SagaNode.current
  let effectID = node?.effectStarted(.takeChannel)
  // Set inside the continuation's body, which runs before this function resumes.
  var waited = false
  do {
    let element = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Element?, any Error>) in
        let taker = ChannelTaker(id: id, continuation: continuation, node: node)
        let now = register(taker) {
          // Waiting for a value is waiting for an action: this saga's work pauses.
          waited = true
          node?.waitingForAction()
        }
        if let now { continuation.resume(with: now) }
      }
    } onCancel: {
      withdraw()?.continuation.resume(throwing: CancellationError())
    }
    if waited { node?.resumed() }
    if let effectID { node?.effectEnded(effectID, .takeChannel, .resolved) }
    return element
  } catch {
    if waited { node?.resumed() }
    if let effectID {
      node?.effectEnded(
        effectID, .takeChannel, error is CancellationError ? .cancelled : .rejected(error))
    }
    throw error
  }
}
