import ReduxCore
import ReduxSeam

/// How a ``Channel`` keeps values that arrive while nobody is taking.
public enum ChannelBuffer: Sendable, Equatable {
  /// Keeps nothing: a value that arrives with no taker waiting is dropped.
  case none
  /// Keeps up to `capacity` values; one more is an error: ``Channel/put(_:)`` throws
  /// ``ChannelError/overflow(capacity:)``, and an action channel closes with that error.
  case fixed(Int)
  /// Keeps up to `capacity` values and drops new ones while full.
  case dropping(Int)
  /// Keeps the newest `capacity` values, dropping the oldest while full.
  case sliding(Int)
  /// Keeps every value.
  case expanding
}

/// A FIFO queue with the overflow rule of a ``ChannelBuffer``.
struct BufferQueue<Element> {
  let policy: ChannelBuffer
  private var items = FIFOQueue<Element>()

  init(_ policy: ChannelBuffer) {
    self.policy = policy
  }

  var isEmpty: Bool { items.isEmpty }
  var count: Int { items.count }
  var first: Element? { items.first }

  /// Adds a value, or reports that the buffer is full under a `fixed` policy.
  mutating func append(_ element: Element) throws(ChannelError) {
    switch policy {
    case .none:
      return
    case .fixed(let capacity):
      guard count < capacity else { throw .overflow(capacity: capacity) }
    case .dropping(let capacity):
      guard count < capacity else { return }
    case .sliding(let capacity):
      guard capacity > 0 else { return }
      if count >= capacity { _ = items.removeFirst() }
    case .expanding:
      break
    }
    items.append(element)
  }

  mutating func removeFirst() -> Element? {
    items.removeFirst()
  }

  mutating func removeAll() -> [Element] {
    items.removeAll()
  }
}
