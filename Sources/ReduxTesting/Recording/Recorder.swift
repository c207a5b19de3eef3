import ReduxCore
import ReduxSeam

/// Values appended from any thread, read back in the order they arrived.
///
/// Callbacks under test (subscribers, middleware, effects, log handlers) may run on other
/// threads; a recorder collects what they see without a data race:
///
/// ```swift
/// let counts = Recorder<Int>()
/// let subscription = store.subscribe(select: \.count) { counts.append($0) }
/// store.dispatch(Increment())
/// #expect(counts.values == [0, 1])
/// subscription.cancel()
/// ```
///
/// Reading ``values`` copies the array under the recorder's lock; it never waits for a writer
/// that is not appending right now.
public final class Recorder<Value: Sendable>: Sendable {
  private let storage = Lock<[Value]>([])

  /// Creates an empty recorder.
  public init() {}

  /// Adds `value` after the values recorded so far.
  public func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  /// Every value recorded so far, oldest first.
  public var values: [Value] {
    storage.withLock { $0 }
  }

  /// Returns every value recorded so far and empties the recorder, in one step, so a value
  /// appended meanwhile is either returned now or kept for the next call.
  @discardableResult
  public func removeAll() -> [Value] {
    storage.withLock { values in
      defer { values = [] }
      return values
    }
  }
}

extension Recorder where Value == any Action {
  /// The recorded actions of type `A`, in order.
  public func actions<A: Action>(of type: A.Type) -> [A] {
    values.compactMap { $0.as(A.self) }
  }

  /// The type name of each recorded action, in order, such as `["AddItem", "ClearCart"]`.
  public var typeNames: [String] {
    values.map { typeName(type(of: $0)) }
  }
}
