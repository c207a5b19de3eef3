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
  let core: ChannelCore

  init(buffer: ChannelBuffer) {
    core = ChannelCore(buffer: buffer)
  }

  /// Whether the channel is closed (it may still hold buffered values).
  public var isClosed: Bool { core.isClosed }

  /// Sends a value to the longest-waiting taker, or buffers it.
  ///
  /// Does nothing on a closed channel, and drops the value when the buffer's rule says so. A
  /// saga waiting in ``take()`` runs up to its next wait before `put` returns; called from a
  /// saga, it runs once the calling saga reaches its own next wait.
  ///
  /// - Throws: ``ChannelError/overflow(capacity:)`` when a ``ChannelBuffer/fixed(_:)`` buffer
  ///   is full.
  public func put(_ element: Element) throws(ChannelError) {
    try core.put(element, origin: SagaNode.current?.currentOrigin ?? .untracked)
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
  /// A saga waiting here is reported to the monitor as ``SagaEffect/takeChannel``.
  ///
  /// - Throws: ``ChannelError/overflow(capacity:)`` if the channel was closed by an overflow,
  ///   the error an event source failed it with, or `CancellationError` if the saga is
  ///   cancelled while waiting.
  nonisolated(nonsending) public func takeMaybe() async throws -> Element? {
    // Unwrapped by hand: a generic function passed as a value is a closure to allocate.
    guard let value = try await core.take(where: ChannelCore.acceptsAll) else { return nil }
    return castChannelValue(value)
  }

  /// Whether no value waits in the buffer (redux-saga's `buffer.isEmpty()`); looks without
  /// taking. A closed channel with values left is not empty until they are taken.
  public var isBufferEmpty: Bool { core.withBuffer { $0.isEmpty } }

  /// How many values wait in the buffer; looks without taking.
  public var bufferedCount: Int { core.withBuffer { $0.count } }

  /// The oldest buffered value, left in the buffer: the value the next ``take()`` gets, or
  /// `nil` when the buffer is empty.
  ///
  /// ```swift
  /// if let next = channel.peek(), next.isUrgent { try await handle(channel.take()) }
  /// ```
  ///
  /// A closed channel still shows its buffered values until they are taken. Another saga may
  /// take the value between `peek()` and your own `take()`.
  public func peek() -> Element? { core.withBuffer { $0.first }.map(castChannelValue) }

  /// Removes and returns every buffered value, without waiting.
  public func flush() -> [Element] { core.withBuffer { $0.removeAll() }.map(castChannelValue) }

  /// Closes the channel: later puts are ignored, waiting takers end, and buffered values can
  /// still be taken. Runs the channel's unsubscribe (for an event channel) once.
  public func close() { core.close() }
}
