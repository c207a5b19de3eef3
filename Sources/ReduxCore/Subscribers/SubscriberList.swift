// The store's list of subscribers and how a commit reaches them.

/// The store's subscribers in subscription order. A cancelled one is marked and skipped, and
/// the list is compacted once enough are marked, so that cancelling is O(1) amortized.
@usableFromInline
struct SubscriberList<State: Sendable> {
  @usableFromInline var all: [Subscriber<State>] = [] {
    didSet { fanOut = nil }
  }
  @usableFromInline var cancelled = 0
  /// The subscribers in `all` as a tree to notify; nil until needed after a change.
  @usableFromInline var fanOut: FanOut<State>?

  @inlinable
  init() {}

  @inlinable
  var isEmpty: Bool { all.isEmpty }

  /// Marks the subscriber of `subscriber` removed (once) and compacts the list when a small list has one or a
  /// large list has half of them marked.
  @inlinable
  mutating func remove(_ subscriber: SubscriptionHandle<State>) {
    guard !subscriber.isRemoved else { return }
    subscriber.isRemoved = true
    cancelled += 1
    if all.count <= 64 || cancelled * 2 >= all.count { compact() }
  }

  @inlinable
  mutating func compact() {
    all.removeAll { $0.isRemoved }
    cancelled = 0
  }

  /// The subscribers to notify of a new state, or nil when there are none.
  @inlinable
  mutating func toNotify() -> FanOut<State>? {
    if cancelled > 0 { compact() }
    if let fanOut { return fanOut }
    if all.isEmpty { return nil }
    let built = FanOut(all[...])
    fanOut = built
    return built
  }
}

/// Calls a store's subscribers in order, one at a time, through one closure: a balanced tree of
/// closures, each calling the two halves its context holds, with one, two, four or eight
/// subscribers at each leaf.
///
/// A subscriber held in a closure's context is called without a retain and a release of its
/// callback, which an array element (or an enum case) would need around each call: two atomic
/// operations, more than an unchanged selector subscriber's whole check. Eight to a leaf keeps
/// the tree's own calls to one per eight subscribers (CoreProfile's `selectors1000`;
/// docs/performance.md, "Subscribers").
@usableFromInline
final class FanOut<State: Sendable>: Sendable {
  @usableFromInline let notify: @Sendable (State) -> Void

  /// The tree of `subscribers`, in order; `subscribers` is not empty.
  @inlinable
  init(_ subscribers: ArraySlice<Subscriber<State>>) {
    notify = Self.tree(subscribers)
  }

  @inlinable
  static func tree(_ subscribers: ArraySlice<Subscriber<State>>) -> @Sendable (State) -> Void {
    let start = subscribers.startIndex
    switch subscribers.count {
    case 1:
      let s0 = subscribers[start]
      return { state in s0.receive(s0, state) }
    case 2:
      let (s0, s1) = (subscribers[start], subscribers[start + 1])
      return { state in
        s0.receive(s0, state)
        s1.receive(s1, state)
      }
    case 4:
      let (s0, s1) = (subscribers[start], subscribers[start + 1])
      let (s2, s3) = (subscribers[start + 2], subscribers[start + 3])
      return { state in
        s0.receive(s0, state)
        s1.receive(s1, state)
        s2.receive(s2, state)
        s3.receive(s3, state)
      }
    case 8:
      let (s0, s1) = (subscribers[start], subscribers[start + 1])
      let (s2, s3) = (subscribers[start + 2], subscribers[start + 3])
      let (s4, s5) = (subscribers[start + 4], subscribers[start + 5])
      let (s6, s7) = (subscribers[start + 6], subscribers[start + 7])
      return { state in
        s0.receive(s0, state)
        s1.receive(s1, state)
        s2.receive(s2, state)
        s3.receive(s3, state)
        s4.receive(s4, state)
        s5.receive(s5, state)
        s6.receive(s6, state)
        s7.receive(s7, state)
      }
    case let count:
      // Leaves of 8 where there are more, else the largest leaf that fits, then the rest.
      let firstCount = count > 8 ? (count + 15) / 16 * 8 : count > 4 ? 4 : 2
      let first = tree(subscribers[..<(start + firstCount)])
      let second = tree(subscribers[(start + firstCount)...])
      return { state in
        first(state)
        second(state)
      }
    }
  }
}
