import ReduxCore
import ReduxSeam

/// A queue between sagas (or between a callback source and a saga): ``put(_:)`` values in,
/// ``take()`` them out in order, one taker per value.
///
/// Create one with ``SagaContext/channel(of:buffer:)``, ``SagaContext/actionChannel(_:buffer:)``
/// or ``SagaContext/eventChannel(of:buffer:_:)``. A value put while a saga is waiting in
/// ``take()`` goes straight to the longest-waiting taker; otherwise the ``ChannelBuffer``
/// decides whether it is kept. After ``close()``, takers get the values still buffered, then
/// the channel's end.
///
/// Safe to use from any thread.
public final class Channel<Element: Sendable>: Sendable {
  private let state: Lock<ChannelState<Element>>

  init(buffer: ChannelBuffer) {
    state = Lock(ChannelState(buffer: BufferQueue(buffer)))
  }

  /// Whether the channel is closed (it may still hold buffered values).
  public var isClosed: Bool { state.withLock { $0.isClosed } }

  /// Sends a value to the longest-waiting taker, or buffers it.
  ///
  /// Does nothing on a closed channel, and drops the value when the buffer's rule says so. A
  /// saga waiting in ``take()`` runs up to its next wait before `put` returns; called from a
  /// saga, it runs once the calling saga reaches its own next wait.
  ///
  /// - Throws: ``ChannelError/overflow(capacity:)`` when a ``ChannelBuffer/fixed(_:)`` buffer
  ///   is full.
  public func put(_ element: Element) throws(ChannelError) {
    try put(element, origin: SagaNode.current?.currentOrigin ?? .untracked)
  }

  /// Sends a value on behalf of `origin`: a saga it resumes works for that origin.
  func put(_ element: Element, origin: ActionOrigin) throws(ChannelError) {
    let taker: Result<ChannelTaker<Element>?, ChannelError> = state.withLock { state in
      guard !state.isClosed else { return .success(nil) }
      if !state.takerOrder.isEmpty {
        return .success(state.takers.removeValue(forKey: state.takerOrder.removeFirst()))
      }
      do throws(ChannelError) {
        try state.buffer.append(element)
        return .success(nil)
      } catch {
        return .failure(error)
      }
    }
    guard let taker = try taker.get() else { return }
    guard let node = taker.node else {
      taker.continuation.resume(returning: element)
      return
    }
    // The taking saga runs now, up to its next wait (after the caller's, from a saga).
    node.core.scheduler.withDrain {
      node.resumedByAction(origin: origin)
      taker.continuation.resume(returning: element)
    }
  }

  /// Waits for the next value and returns it.
  ///
  /// - Throws: ``ChannelError/closed`` once the channel is closed and drained (after ``END``
  ///   this ends the saga quietly), ``ChannelError/overflow(capacity:)`` if the channel was
  ///   closed by an overflow, the error an event source failed it with
  ///   (``ChannelEmitter/fail(_:)``), or `CancellationError` if the saga is cancelled while
  ///   waiting.
  nonisolated(nonsending) public func take() async throws -> Element {
    guard let element = try await takeMaybe() else { throw ChannelError.closed }
    return element
  }

  /// Waits for the next value, or returns `nil` once the channel is closed and drained.
  ///
  /// A saga waiting here is reported to the monitor as ``SagaEffect/takeChannel`` (its
  /// `started` event comes once it is registered, so a test may put then).
  ///
  /// - Throws: ``ChannelError/overflow(capacity:)`` if the channel was closed by an overflow,
  ///   the error an event source failed it with, or `CancellationError` if the saga is
  ///   cancelled while waiting.
  nonisolated(nonsending) public func takeMaybe() async throws -> Element? {
    try Task.checkCancellation()
    let node = SagaNode.current
    let effectID = node?.effectStarted(.takeChannel)
    do {
      let element = try await waitForElement(node)
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

  /// Nonsending, as ``takeMaybe()`` is: a plain `async` function ran on the generic executor,
  /// two executor checks more per take, each a preferred-executor lookup.
  private nonisolated(nonsending) func waitForElement(_ node: SagaNode?) async throws
    -> Element?
  {
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
          if let element = state.buffer.removeFirst() { return .success(element) }
          if state.isClosed {
            return state.failure.map { .failure($0) } ?? .success(nil)
          }
          if Task.isCancelled { return .failure(CancellationError()) }
          // Waiting for a value is waiting for an action: this saga's work pauses.
          waited = true
          node?.waitingForAction()
          state.takers[id] = ChannelTaker(continuation: continuation, node: node)
          state.takerOrder.append(id)
          return nil
        }
        if let now { continuation.resume(with: now) }
      }
    } onCancel: {
      let taker = state.withLock { state in
        state.takerOrder.removeAll { $0 == id }
        return state.takers.removeValue(forKey: id)
      }
      taker?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Whether no value waits in the buffer (redux-saga's `buffer.isEmpty()`); looks without
  /// taking. A closed channel with values left is not empty until they are taken.
  public var isBufferEmpty: Bool { state.withLock { $0.buffer.isEmpty } }

  /// How many values wait in the buffer; looks without taking.
  public var bufferedCount: Int { state.withLock { $0.buffer.count } }

  /// The oldest buffered value, left in the buffer: the value the next ``take()`` gets, or
  /// `nil` when the buffer is empty.
  ///
  /// ```swift
  /// if let next = channel.peek(), next.isUrgent { try await handle(channel.take()) }
  /// ```
  ///
  /// A closed channel still shows its buffered values until they are taken. Another saga may
  /// take the value between `peek()` and your own `take()`.
  public func peek() -> Element? { state.withLock { $0.buffer.first } }

  /// Removes and returns every buffered value, without waiting.
  public func flush() -> [Element] {
    state.withLock { $0.buffer.removeAll() }
  }

  /// Closes the channel: later puts are ignored, waiting takers end, and buffered values can
  /// still be taken. Runs the channel's unsubscribe (for an event channel) once.
  public func close() {
    close(failure: nil)
  }

  /// Closes the channel; `failure`, if any, is what takers get once it is drained.
  func close(failure: (any Error)?) {
    let closed = state.withLock { state in
      guard !state.isClosed else { return nil as ClosedWork? }
      state.isClosed = true
      state.failure = failure
      let takers = state.takerOrder.compactMap { state.takers[$0]?.continuation }
      state.takers = [:]
      state.takerOrder = []
      defer { state.onClose = [] }
      return ClosedWork(takers: takers, onClose: state.onClose)
    }
    guard let closed else { return }
    for taker in closed.takers {
      if let failure { taker.resume(throwing: failure) } else { taker.resume(returning: nil) }
    }
    for action in closed.onClose { action() }
  }

  /// Runs `action` when the channel closes, or now if it is closed.
  func onClose(_ action: @escaping @Sendable () -> Void) {
    let isClosed = state.withLock { state in
      if !state.isClosed { state.onClose.append(action) }
      return state.isClosed
    }
    if isClosed { action() }
  }

  /// Buffers a value from a source that cannot handle errors (the store, an event source):
  /// an overflow closes the channel with the error.
  func offer(_ element: Element, origin: ActionOrigin = .untracked) {
    do {
      try put(element, origin: origin)
    } catch {
      close(failure: error)
    }
  }

  private struct ClosedWork {
    let takers: [CheckedContinuation<Element?, any Error>]
    let onClose: [@Sendable () -> Void]
  }
}

/// A saga waiting in `take`, and the saga it belongs to (for work reporting).
private struct ChannelTaker<Element: Sendable> {
  let continuation: CheckedContinuation<Element?, any Error>
  let node: SagaNode?
}

private struct ChannelState<Element: Sendable> {
  var buffer: BufferQueue<Element>
  var takers: [UInt64: ChannelTaker<Element>] = [:]
  var takerOrder: [UInt64] = []
  var nextTaker: UInt64 = 0
  var isClosed = false
  var failure: (any Error)?
  var onClose: [@Sendable () -> Void] = []
}
