import ReduxCore
import ReduxSeam

/// Calls the listeners of an event when it is emitted: how Flux stores tell views they changed.
///
/// ```swift
/// enum TodoEvent: Hashable, Sendable { case added, completed }
/// let emitter = EventEmitter<TodoEvent>()
/// let token = emitter.listen(.added) { _ in print("added") }
/// emitter.emit(.added)        // prints "added"
/// emitter.unlisten(token)
/// ```
///
/// ## Edges
/// - Listeners of an event run in the order they were added, on the emitting thread, outside the
///   emitter's lock, so they may listen, unlisten and emit.
/// - A listener removed during an emit (by itself or by another listener) is not called again,
///   not even later in that emit. One added during an emit first runs on the next emit.
/// - A ``once(_:_:)`` listener runs at most once, even when two threads emit at the same time.
/// - Emits from several threads may run listeners at the same time.
public final class EventEmitter<Event: Hashable & Sendable>: Sendable {
  private let state = Lock(EmitterState<Event>())

  /// Creates an emitter with no listeners.
  public init() {}

  /// Adds a listener called each time `event` is emitted, until it is removed.
  ///
  /// - Returns: A token for ``unlisten(_:)``.
  @discardableResult
  public func listen(
    _ event: Event, _ listener: @escaping @Sendable (_ event: Event) -> Void
  ) -> ListenerToken {
    add(event, once: false, listener)
  }

  /// Adds a listener called the next time `event` is emitted, then removed.
  ///
  /// - Returns: A token for ``unlisten(_:)`` (to remove it before it runs).
  @discardableResult
  public func once(
    _ event: Event, _ listener: @escaping @Sendable (_ event: Event) -> Void
  ) -> ListenerToken {
    add(event, once: true, listener)
  }

  /// Removes a listener.
  ///
  /// - Returns: `false` when the token does not name a listener of this emitter (already
  ///   removed, a `once` listener that already ran, or another emitter's token).
  @discardableResult
  public func unlisten(_ token: ListenerToken) -> Bool {
    guard token.emitter == ObjectIdentifier(self) else { return false }
    let removed = state.withLock { $0.remove(token.id) }
    return removed != nil
  }

  /// Removes every listener of `event`.
  public func removeAll(for event: Event) {
    let removed = state.withLock { $0.removeAll(for: event) }
    _ = removed  // released here, outside the lock
  }

  /// Removes every listener of every event.
  public func removeAll() {
    let removed = state.withLock { state in
      defer { state = EmitterState() }
      return state
    }
    _ = removed
  }

  /// The number of listeners of `event`.
  public func listenerCount(for event: Event) -> Int {
    state.withLock { $0.ids(for: event).count }
  }

  /// Calls every listener of `event`, in the order they were added.
  public func emit(_ event: Event) {
    let ids = state.withLock { $0.ids(for: event) }
    for id in ids {
      // Looked up again just before the call: an earlier listener may have removed it.
      guard let listener = state.withLock({ $0.take(id) }) else { continue }
      listener(event)
    }
  }

  private func add(
    _ event: Event, once: Bool, _ listener: @escaping @Sendable (Event) -> Void
  ) -> ListenerToken {
    let id = state.withLock { $0.add(event, once: once, listener) }
    return ListenerToken(emitter: ObjectIdentifier(self), id: id)
  }
}

/// Identifies one listener of an ``EventEmitter``; pass it to ``EventEmitter/unlisten(_:)``.
public struct ListenerToken: Hashable, Sendable {
  let emitter: ObjectIdentifier
  let id: Int
}

struct EmitterState<Event: Hashable & Sendable> {
  struct Listener {
    let event: Event
    let once: Bool
    let call: @Sendable (Event) -> Void
  }

  private var listeners: [Int: Listener] = [:]
  private var order: [Event: [Int]] = [:]
  private var nextID = 1

  mutating func add(_ event: Event, once: Bool, _ call: @escaping @Sendable (Event) -> Void) -> Int
  {
    let id = nextID
    nextID += 1
    listeners[id] = Listener(event: event, once: once, call: call)
    order[event, default: []].append(id)
    return id
  }

  func ids(for event: Event) -> [Int] { order[event] ?? [] }

  /// The listener to call now; a `once` listener is removed as it is taken.
  mutating func take(_ id: Int) -> (@Sendable (Event) -> Void)? {
    guard let listener = listeners[id] else { return nil }
    if listener.once { _ = remove(id) }
    return listener.call
  }

  mutating func remove(_ id: Int) -> Listener? {
    guard let listener = listeners.removeValue(forKey: id) else { return nil }
    order[listener.event]?.removeAll { $0 == id }
    if order[listener.event]?.isEmpty == true { order[listener.event] = nil }
    return listener
  }

  mutating func removeAll(for event: Event) -> [Listener] {
    let ids = order.removeValue(forKey: event) ?? []
    return ids.compactMap { listeners.removeValue(forKey: $0) }
  }
}
