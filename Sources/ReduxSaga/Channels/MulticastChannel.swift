import ReduxCore
import ReduxSeam

/// A channel that hands each value to every saga waiting for it (redux-saga's
/// `multicastChannel`): one put, many takers.
///
/// Create one with ``SagaContext/multicastChannel(of:)``. It has no buffer: a value put while
/// no taker waits (or none whose predicate accepts it) is dropped, as in redux-saga. Each
/// ``take(where:)`` is one-shot: a saga that wants the next value takes again.
///
/// ```swift
/// let events = saga.multicastChannel(of: Event.self)
/// saga.fork("log") { saga in while true { log(try await events.take()) } }
/// saga.fork("alarms") { saga in
///   while true { raise(try await events.take(where: { $0.isAlarm })) }
/// }
/// events.put(.alarm)   // both forks get it
/// ```
///
/// After ``close()`` (redux-saga's `put(END)`), every waiting taker ends, later puts are
/// ignored, and later takes end at once. Safe to use from any thread.
public final class MulticastChannel<Element: Sendable>: Sendable {
  private let state = Lock(MulticastState<Element>())

  init() {}

  /// Whether the channel is closed.
  public var isClosed: Bool { state.withLock { $0.isClosed } }

  /// Hands `element` to every taker waiting now whose predicate accepts it, in the order they
  /// started waiting; drops it if there is none, or if the channel is closed.
  ///
  /// The sagas it resumes run up to their next wait before `put` returns; called from a saga,
  /// they run once the calling saga reaches its own next wait. A saga that takes again while
  /// it runs waits for the next value.
  public func put(_ element: Element) {
    let origin = SagaNode.current?.currentOrigin ?? .untracked
    let takers: [MulticastTaker<Element>] = state.withLock { state in
      guard !state.isClosed, !state.takers.isEmpty else { return [] }
      var taking: [MulticastTaker<Element>] = []
      state.takers.removeAll { taker in
        guard taker.accepts(element) else { return false }
        taking.append(taker)
        return true
      }
      return taking
    }
    guard !takers.isEmpty else { return }
    let resumeAll = {
      for taker in takers {
        taker.node?.resumedByAction(origin: origin)
        taker.continuation.resume(returning: element)
      }
    }
    // The taking sagas run now, in order, up to their next wait.
    if let node = takers.lazy.compactMap(\.node).first {
      node.core.scheduler.withDrain(resumeAll)
    } else {
      resumeAll()
    }
  }

  /// Waits for the next value put while this saga waits.
  ///
  /// - Throws: ``ChannelError/closed`` once the channel is closed (after ``END`` this ends the
  ///   saga quietly), or `CancellationError` if the saga is cancelled while waiting.
  nonisolated(nonsending) public func take() async throws -> Element {
    try await take(where: { _ in true })
  }

  /// Waits for the next value that `predicate` accepts; values it refuses go to other takers.
  ///
  /// `predicate` runs under the channel's lock on the putting thread: keep it pure and fast.
  ///
  /// - Throws: ``ChannelError/closed`` once the channel is closed, or `CancellationError` if
  ///   the saga is cancelled while waiting.
  nonisolated(nonsending) public func take(
    where predicate: @escaping @Sendable (Element) -> Bool
  ) async throws -> Element {
    guard let element = try await takeMaybe(where: predicate) else { throw ChannelError.closed }
    return element
  }

  /// Waits for the next value that `predicate` accepts, or returns `nil` once the channel is
  /// closed.
  ///
  /// A saga waiting here is reported to the monitor as ``SagaEffect/takeChannel``.
  ///
  /// - Throws: `CancellationError` if the saga is cancelled while waiting.
  nonisolated(nonsending) public func takeMaybe(
    where predicate: @escaping @Sendable (Element) -> Bool = { _ in true }
  ) async throws -> Element? {
    try Task.checkCancellation()
    let node = SagaNode.current
    let effectID = node?.effectStarted(.takeChannel)
    do {
      let element = try await waitForElement(node, predicate)
      if let effectID { node?.effectEnded(effectID, .takeChannel, .resolved) }
      return element
    } catch {
      if let effectID { node?.effectEnded(effectID, .takeChannel, .cancelled) }
      throw error
    }
  }

  private nonisolated(nonsending) func waitForElement(
    _ node: SagaNode?, _ predicate: @escaping @Sendable (Element) -> Bool
  ) async throws -> Element? {
    let id = state.withLock { state in
      defer { state.nextTaker += 1 }
      return state.nextTaker
    }
    // Set inside the continuation's body, which runs before this function resumes.
    var waited = false
    defer { if waited { node?.resumed() } }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Element?, any Error>) in
        let now: Result<Element?, any Error>? = state.withLock { state in
          if state.isClosed { return .success(nil) }
          if Task.isCancelled { return .failure(CancellationError()) }
          // Waiting for a value is waiting for an action: this saga's work pauses.
          waited = true
          node?.waitingForAction()
          state.takers.append(
            MulticastTaker(id: id, accepts: predicate, continuation: continuation, node: node))
          return nil
        }
        if let now { continuation.resume(with: now) }
      }
    } onCancel: {
      let taker = state.withLock { state in
        state.takers.firstIndex { $0.id == id }.map { state.takers.remove(at: $0) }
      }
      taker?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Closes the channel: every waiting taker ends, later puts are ignored and later takes end
  /// at once.
  public func close() {
    let takers: [MulticastTaker<Element>] = state.withLock { state in
      guard !state.isClosed else { return [] }
      state.isClosed = true
      defer { state.takers = [] }
      return state.takers
    }
    for taker in takers { taker.continuation.resume(returning: nil) }
  }
}

extension MulticastChannel where Element == any Action {
  /// Waits for the next action of type `A` put on the channel.
  ///
  /// - Throws: ``ChannelError/closed`` once the channel is closed, or `CancellationError` if
  ///   the saga is cancelled while waiting.
  nonisolated(nonsending) public func take<A: Action>(_ type: A.Type) async throws -> A {
    let action = try await take(where: { $0.as(A.self) != nil })
    guard let taken = action.as(A.self) else { preconditionFailure("The predicate accepted it.") }
    return taken
  }
}

extension SagaContext {
  /// Creates a channel whose every put reaches every saga waiting on it (redux-saga's
  /// `multicastChannel`); see ``MulticastChannel``.
  ///
  /// - Parameter type: The type of the values.
  public func multicastChannel<Element: Sendable>(
    of type: Element.Type = Element.self
  ) -> MulticastChannel<Element> {
    MulticastChannel()
  }
}

/// A saga waiting on a multicast channel, with the values it accepts.
private struct MulticastTaker<Element: Sendable> {
  let id: UInt64
  let accepts: @Sendable (Element) -> Bool
  let continuation: CheckedContinuation<Element?, any Error>
  let node: SagaNode?
}

private struct MulticastState<Element: Sendable> {
  var takers: [MulticastTaker<Element>] = []
  var nextTaker: UInt64 = 0
  var isClosed = false
}
