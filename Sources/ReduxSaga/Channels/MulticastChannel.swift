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
  private let core = ChannelCore(buffer: .none, isMulticast: true)

  init() {}

  /// Whether the channel is closed.
  public var isClosed: Bool { core.isClosed }

  /// Hands `element` to every taker waiting now whose predicate accepts it, in the order they
  /// started waiting; drops it if there is none, or if the channel is closed.
  ///
  /// The sagas it resumes run up to their next wait before `put` returns; called from a saga,
  /// they run once the calling saga reaches its own next wait. A saga that takes again while
  /// it runs waits for the next value.
  public func put(_ element: Element) {
    core.offer(element, origin: SagaNode.current?.currentOrigin ?? .untracked)
  }

  /// Waits for the next value put while this saga waits.
  ///
  /// - Throws: ``ChannelError/closed`` once the channel is closed (after ``END`` this ends the
  ///   saga quietly), or `CancellationError` if the saga is cancelled while waiting.
  nonisolated(nonsending) public func take() async throws -> Element {
    guard let value = try await core.take(where: ChannelCore.acceptsAll) else {
      throw ChannelError.closed
    }
    return castChannelValue(value)
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
    guard let value = try await core.take(where: { predicate(castChannelValue($0)) }) else {
      return nil
    }
    return castChannelValue(value)
  }

  /// Closes the channel: every waiting taker ends, later puts are ignored and later takes end
  /// at once.
  public func close() { core.close() }
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
