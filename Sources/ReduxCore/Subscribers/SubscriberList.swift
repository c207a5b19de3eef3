import Synchronization

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

// The store's subscribers. Their callbacks are only ever called by the thread that is draining
// the store's queue, one at a time, so a subscriber's own fields need no lock of their own: the
// store's lock hands the draining role (and with it these fields) from thread to thread.
//
// Speed: the store calls `receive` for every subscriber on every commit, so it is a closure
// built in an @inlinable initializer, in the caller's module where State and Value are known (a
// generic method would ask the runtime for metadata on each call; CoreProfile's
// `selectors1000`). It captures nothing: it is given its subscriber, whose fields hold the rest,
// so subscribing allocates one object.

/// What a ``Subscription`` ends, in a protocol so that the token is not generic.
@usableFromInline
protocol SubscriptionEnding: AnyObject, Sendable {
  /// Ends the subscription; see ``Subscription/cancel()``.
  func end()
}

/// What a subscriber's token and its store share: whether it is still active, whether the
/// store has dropped it, and how to reach the store. The token holds this, not the subscriber,
/// so that it keeps none of the subscriber's callbacks (nor what they capture) alive, and
/// reaches it without a weak reference, which would give every subscriber a side table of its
/// own (CoreProfile's `subscribe-cancel`).
@usableFromInline
final class SubscriptionHandle<State: Sendable>: SubscriptionEnding, @unchecked Sendable {
  // @unchecked: `active` is atomic; `isRemoved` is read and written only under the store's
  // lock; `engineReference` is written once, by `Store.subscribe`, before the handle is shared
  // with another thread, and only read afterwards. The store's lock already makes each access
  // exclusive, so the runtime's check is left out.
  @usableFromInline let active = Atomic<Bool>(true)
  /// Set when the subscription is cancelled; the store drops its subscriber from its list later.
  @usableFromInline @exclusivity(unchecked) var isRemoved = false
  /// The store's engine, weakly, through the one reference all of the store's subscribers share.
  @usableFromInline @exclusivity(unchecked) var engineReference: EngineReference<State>?
  /// Removes the subscriber from its store: built in the subscriber's @inlinable initializer,
  /// so that the removal is specialized for `State` where the store is (unspecialized, it asks
  /// the runtime for metadata at each step; CoreProfile's `subscribe-cancel`). Captures nothing.
  @usableFromInline let unsubscribe: @Sendable (SubscriptionHandle<State>) -> Void

  @inlinable
  init(unsubscribe: @escaping @Sendable (SubscriptionHandle<State>) -> Void) {
    self.unsubscribe = unsubscribe
  }

  /// Makes ``Subscriber/isActive`` false: no callback starts after this.
  @usableFromInline
  func deactivate() {
    active.store(false, ordering: .releasing)
  }

  @usableFromInline
  func end() {
    unsubscribe(self)
  }
}

/// One subscriber of a store of `State`.
@usableFromInline
class Subscriber<State: Sendable>: @unchecked Sendable {
  // @unchecked: the subclasses' fields follow the rule at the top of this file.
  /// What its token and its store share.
  @usableFromInline final let handle: SubscriptionHandle<State>
  /// Delivers a newly committed state, or the first one; called with this subscriber.
  @usableFromInline final let receive: @Sendable (Subscriber<State>, State) -> Void
  @usableFromInline final let onFinish: (@Sendable () -> Void)?

  @inlinable
  init(
    onFinish: (@Sendable () -> Void)?,
    receive: @escaping @Sendable (Subscriber<State>, State) -> Void
  ) {
    self.receive = receive
    self.onFinish = onFinish
    handle = SubscriptionHandle { handle in handle.engineReference?.engine?.unsubscribe(handle) }
  }

  /// False once the subscription was cancelled; checked before each callback so that no call
  /// starts after `cancel()` returned.
  @inlinable
  final var isActive: Bool { handle.active.load(ordering: .acquiring) }

  /// Whether the store has been asked to drop it; under the store's lock only.
  @inlinable
  final var isRemoved: Bool { handle.isRemoved }

  /// Called when the store is released: ends async sequences built on this subscriber.
  final func finish() {
    handle.deactivate()
    onFinish?()
  }
}

/// A subscriber that gets every state.
@usableFromInline
final class StateSubscriber<State: Sendable>: Subscriber<State>, @unchecked Sendable {
  // @unchecked: see Subscriber.
  @usableFromInline let onChange: @Sendable (State) -> Void

  @inlinable
  init(onChange: @escaping @Sendable (State) -> Void, onFinish: (@Sendable () -> Void)?) {
    self.onChange = onChange
    super.init(onFinish: onFinish) { subscriber, state in
      let subscriber = unsafeDowncast(subscriber, to: StateSubscriber<State>.self)
      if subscriber.isActive { subscriber.onChange(state) }
    }
  }
}

/// A subscriber that gets a value selected from each state, when it differs from the last one
/// delivered.
@usableFromInline
final class SelectSubscriber<State: Sendable, Value: Sendable>: Subscriber<State>,
  @unchecked Sendable
{
  // @unchecked: see Subscriber; `last` is touched only by the draining thread.
  @usableFromInline let select: @Sendable (State) -> Value
  @usableFromInline let isEqual: (@Sendable (Value, Value) -> Bool)?
  @usableFromInline let onChange: @Sendable (Value) -> Void
  /// The last value delivered; nil before the first.
  @usableFromInline @exclusivity(unchecked) var last: Value?

  @inlinable
  init(
    select: @escaping @Sendable (State) -> Value,
    onChange: @escaping @Sendable (Value) -> Void,
    onFinish: (@Sendable () -> Void)?
  ) where Value: Equatable {
    self.select = select
    self.isEqual = nil
    self.onChange = onChange
    super.init(onFinish: onFinish) { subscriber, state in
      let subscriber = unsafeDowncast(subscriber, to: SelectSubscriber<State, Value>.self)
      let value = subscriber.select(state)
      if value == subscriber.last { return }
      subscriber.last = value
      if subscriber.isActive { subscriber.onChange(value) }
    }
  }

  /// A selector subscriber that compares values with `isEqual` (ReSwift's `skipRepeats`).
  ///
  /// Its callback repeats the `Equatable` one rather than serving it with `==` as `isEqual`:
  /// that one compares inline, without a closure call per subscriber on every commit.
  @inlinable
  init(
    select: @escaping @Sendable (State) -> Value,
    isEqual: @escaping @Sendable (Value, Value) -> Bool,
    onChange: @escaping @Sendable (Value) -> Void,
    onFinish: (@Sendable () -> Void)?
  ) {
    self.select = select
    self.isEqual = isEqual
    self.onChange = onChange
    super.init(onFinish: onFinish) { subscriber, state in
      let subscriber = unsafeDowncast(subscriber, to: SelectSubscriber<State, Value>.self)
      let value = subscriber.select(state)
      if let previous = subscriber.last, subscriber.isEqual.unsafelyUnwrapped(previous, value) {
        return
      }
      subscriber.last = value
      if subscriber.isActive { subscriber.onChange(value) }
    }
  }
}

/// A store's engine, weakly: what its subscribers cancel through, so that a token that outlives
/// the store keeps nothing of it. One per store: a weak reference per subscriber would cost each
/// subscription a weak count on the engine.
@usableFromInline
final class EngineReference<State: Sendable>: Sendable {
  @usableFromInline weak let engine: StoreEngine<State>?

  @usableFromInline
  init(_ engine: StoreEngine<State>) {
    self.engine = engine
  }
}
