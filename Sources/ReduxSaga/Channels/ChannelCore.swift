import ReduxCore
import ReduxSeam

// What ``Channel`` and ``MulticastChannel`` are both made of, as redux-saga's `channel` and
// `multicastChannel` are (`channel.js`): a buffer, the takers in the order they started
// waiting, and the end. A value goes to the first taker (a channel) or to every taker that
// accepts it (a multicast channel, which has no buffer); the sagas it resumes run up to their
// next wait inside a drain of their scheduler.
//
// The core holds its values as `any Sendable`, and the generic channels cast them back: a
// generic core asked the runtime for the metadata of its state, its takers and their
// continuations on every put and take (`saga-channel`).

/// A value in a channel, as the core holds it.
typealias ChannelValue = any Sendable

/// A value the core gives back, as the type its channel was put values of.
func castChannelValue<Element>(_ value: ChannelValue) -> Element {
  guard let element = value as? Element else {
    preconditionFailure("a channel gave back a value of another type than it holds")
  }
  return element
}

/// A task waiting on a channel, and the values it accepts.
struct ChannelTaker: Sendable {
  let id: UInt64
  let accepts: @Sendable (ChannelValue) -> Bool
  /// Resumed exactly once, by whoever removes the taker from the channel under its lock (a
  /// checked continuation allocates its checker: `saga-channel`).
  let continuation: UnsafeContinuation<ChannelValue?, any Error>
  /// The waiting saga, for work reporting; nil for a task outside the sagas.
  let node: SagaNode?
}

/// One channel's buffer, takers and end, under one lock.
final class ChannelCore: Sendable {
  private struct State {
    var buffer: BufferQueue<ChannelValue>
    /// The waiting takers, by id, and their ids in the order they started waiting (the ids
    /// keep the order in an array of a concrete type: `saga-channel`).
    var takers: [UInt64: ChannelTaker] = [:]
    var order: [UInt64] = []
    var lastTaker: UInt64 = 0
    var isClosed = false
    /// What takers get once the channel is closed and drained; nil: its end.
    var failure: (any Error)?
    var onClose: [@Sendable () -> Void] = []
  }

  /// Whether a value goes to every taker that accepts it, rather than to the first.
  private let isMulticast: Bool
  /// Accepts every value.
  static let acceptsAll: @Sendable (ChannelValue) -> Bool = { _ in true }
  private let state: Lock<State>

  init(buffer: ChannelBuffer, isMulticast: Bool = false) {
    self.isMulticast = isMulticast
    state = Lock(State(buffer: BufferQueue(buffer)))
  }

  var isClosed: Bool { state.withLock { $0.isClosed } }

  /// Reads or changes the buffer.
  func withBuffer<Result: Sendable>(
    _ body: @Sendable (inout BufferQueue<ChannelValue>) -> Result
  ) -> Result {
    state.withLock { body(&$0.buffer) }
  }

  /// Hands `element` to the longest-waiting taker (to every taker that accepts it, for a
  /// multicast channel), or buffers it; nothing once closed. The sagas it resumes work for
  /// `origin`, and run now, in order, up to their next wait (after the caller's, from a saga).
  func put(_ element: ChannelValue, origin: ActionOrigin) throws(ChannelError) {
    if isMulticast { return putToAll(element, origin: origin) }
    let taker: Result<ChannelTaker?, ChannelError> = state.withLock { state in
      guard !state.isClosed else { return .success(nil) }
      if !state.order.isEmpty {
        return .success(state.takers.removeValue(forKey: state.order.removeFirst()))
      }
      do throws(ChannelError) {
        try state.buffer.append(element)
        return .success(nil)
      } catch {
        return .failure(error)
      }
    }
    guard let taker = try taker.get() else { return }
    guard let node = taker.node else { return taker.continuation.resume(returning: element) }
    node.core.scheduler.withDrain { Self.resume(taker, with: element, origin: origin) }
  }

  private func putToAll(_ element: ChannelValue, origin: ActionOrigin) {
    let takers: [ChannelTaker] = state.withLock { state in
      guard !state.isClosed, !state.order.isEmpty else { return [] }
      let taking = state.order.compactMap { state.takers[$0] }.filter { $0.accepts(element) }
      for taker in taking { state.takers[taker.id] = nil }
      state.order.removeAll { state.takers[$0] == nil }
      return taking
    }
    guard let node = takers.first(where: { $0.node != nil })?.node else {
      for taker in takers { taker.continuation.resume(returning: element) }
      return
    }
    node.core.scheduler.withDrain {
      for taker in takers { Self.resume(taker, with: element, origin: origin) }
    }
  }

  private static func resume(
    _ taker: ChannelTaker, with element: ChannelValue, origin: ActionOrigin
  ) {
    taker.node?.resumedByAction(origin: origin)
    taker.continuation.resume(returning: element)
  }

  /// Puts a value from a source that cannot handle errors (the store, an event source): an
  /// overflow closes the channel with the error.
  func offer(_ element: ChannelValue, origin: ActionOrigin = .untracked) {
    do {
      try put(element, origin: origin)
    } catch {
      close(failure: error)
    }
  }

  /// Waits for a value that `accepts` takes: the oldest buffered one, else the next put; nil
  /// once the channel is closed and drained. The waiting saga is reported to the monitor as
  /// ``SagaEffect/takeChannel``, and its work pauses while it waits.
  ///
  /// Nonsending: a plain `async` function runs on the generic executor, two executor checks
  /// more per take (`saga-channel`).
  nonisolated(nonsending) func take(where accepts: @escaping @Sendable (ChannelValue) -> Bool)
    async throws -> ChannelValue?
  {
    try Task.checkCancellation()
    let node = SagaNode.current
    let effectID = node?.effectStarted(.takeChannel)
    do {
      let element = try await wait(node, accepts)
      if let effectID { node?.effectEnded(effectID, .takeChannel, .resolved) }
      return element
    } catch {
      if let effectID {
        node?.effectEnded(
          effectID, .takeChannel, error is CancellationError ? .cancelled : .rejected(error))
      }
      throw error
    }
  }

  private nonisolated(nonsending) func wait(
    _ node: SagaNode?, _ accepts: @escaping @Sendable (ChannelValue) -> Bool
  ) async throws -> ChannelValue? {
    let id = state.withLock { state in
      state.lastTaker += 1
      return state.lastTaker
    }
    // Set inside the continuation's body, which runs before this function resumes.
    var waited = false
    defer { if waited { node?.resumed() } }
    return try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation(isolation: #isolation) {
        (continuation: UnsafeContinuation<ChannelValue?, any Error>) in
        let now: Result<ChannelValue?, any Error>? = state.withLock { state in
          if let element = state.buffer.removeFirst() { return .success(element) }
          if state.isClosed { return state.failure.map { .failure($0) } ?? .success(nil) }
          if Task.isCancelled { return .failure(CancellationError()) }
          // Waiting for a value is waiting for an action: this saga's work pauses.
          waited = true
          node?.waitingForAction()
          state.takers[id] = ChannelTaker(
            id: id, accepts: accepts, continuation: continuation, node: node)
          state.order.append(id)
          return nil
        }
        if let now { continuation.resume(with: now) }
      }
    } onCancel: {
      let taker = state.withLock { state in
        state.order.removeAll { $0 == id }
        return state.takers.removeValue(forKey: id)
      }
      taker?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Closes the channel: later puts are ignored, waiting takers end (with `failure`, if any),
  /// and buffered values can still be taken; the `onClose` actions run once.
  func close(failure: (any Error)? = nil) {
    let closed = state.withLock { state -> ([ChannelTaker], [@Sendable () -> Void])? in
      guard !state.isClosed else { return nil }
      state.isClosed = true
      state.failure = failure
      defer {
        state.takers = [:]
        state.order = []
        state.onClose = []
      }
      return (state.order.compactMap { state.takers[$0] }, state.onClose)
    }
    guard let (takers, onClose) = closed else { return }
    for taker in takers {
      if let failure {
        taker.continuation.resume(throwing: failure)
      } else {
        taker.continuation.resume(returning: nil)
      }
    }
    for action in onClose { action() }
  }

  /// Runs `action` when the channel closes, or now if it is closed.
  func onClose(_ action: @escaping @Sendable () -> Void) {
    let isClosed = state.withLock { state in
      if !state.isClosed { state.onClose.append(action) }
      return state.isClosed
    }
    if isClosed { action() }
  }
}
