// The store's subscribers. Their callbacks are only ever called by the thread that is draining
// the store's queue, one at a time, so a subscriber's own fields need no lock of their own: the
// store's lock hands the draining role (and with it these fields) from thread to thread.
//
// Speed: the store calls `receive` for every subscriber on every commit, so it is a closure
// built in an @inlinable initializer, that is, in the caller's module where State and Value are
// known. As a generic method it asked the runtime for metadata (Optional<Value>, ...) on each
// call, about 1,300 instructions per selector subscriber; see docs/performance.md.

import Synchronization

/// One subscriber of a store: a callback, and for selector subscriptions the last value seen.
@usableFromInline
class Subscriber<State>: @unchecked Sendable {
  // @unchecked: `activity` is behind a lock, `isRemoved` behind the store's; the closures'
  // captured state is touched only by the draining thread (see above).
  @usableFromInline let activity: SubscriberActivity
  private let onFinish: (@Sendable () -> Void)?

  /// Delivers a newly committed state.
  @usableFromInline let receive: @Sendable (State) -> Void

  /// Set when the subscription is cancelled; the store drops it from its list later
  /// (StoreCore.subscribers). Guarded by the store's lock.
  @usableFromInline final var isRemoved = false

  @usableFromInline
  init(
    activity: SubscriberActivity, onFinish: (@Sendable () -> Void)?,
    receive: @escaping @Sendable (State) -> Void
  ) {
    self.activity = activity
    self.onFinish = onFinish
    self.receive = receive
  }

  /// False once the subscription was cancelled; checked before each callback so that no call
  /// starts after `cancel()` returned.
  final var isActive: Bool { activity.isActive }

  @usableFromInline
  final func deactivate() {
    activity.deactivate()
  }

  /// Called when the store is released: ends async sequences built on this subscriber.
  final func finish() {
    deactivate()
    onFinish?()
  }

  /// Delivers the first value, when the subscription starts.
  func start(_ state: State) {}
}

/// Whether a subscription is still wanted; shared by a subscriber and its `receive` closure.
@usableFromInline
final class SubscriberActivity: Sendable {
  // An atomic, not a lock: every notification reads it, once per subscriber, and a lock's two
  // read-modify-write instructions cost more than a whole unchanged selector check. The
  // guarantee that no callback runs after `cancel()` returns does not rest on this flag alone:
  // `cancel()` also waits for the drainer to move past the item in hand (StoreBox.unsubscribe).
  @usableFromInline let active = Atomic<Bool>(true)

  @usableFromInline init() {}

  @inlinable var isActive: Bool { active.load(ordering: .acquiring) }

  @usableFromInline
  func deactivate() {
    active.store(false, ordering: .releasing)
  }
}

/// The last value a selector subscriber delivered.
@usableFromInline
final class LastValue<Value>: @unchecked Sendable {
  // @unchecked: touched only by the draining thread (see the top of this file).
  @usableFromInline @exclusivity(unchecked) var value: Value?

  @usableFromInline init() {}
}

@usableFromInline
final class StateSubscriber<State>: Subscriber<State>, @unchecked Sendable {
  // @unchecked: see Subscriber.

  @inlinable
  init(onChange: @escaping @Sendable (State) -> Void, onFinish: (@Sendable () -> Void)?) {
    let activity = SubscriberActivity()
    super.init(activity: activity, onFinish: onFinish) { state in
      if activity.isActive { onChange(state) }
    }
  }

  override func start(_ state: State) {
    receive(state)
  }
}

@usableFromInline
final class SelectSubscriber<State, Value: Sendable>: Subscriber<State>,
  @unchecked Sendable
{
  // @unchecked: see Subscriber; `last` is touched only by the draining thread.
  @usableFromInline let select: @Sendable (State) -> Value
  @usableFromInline let onChange: @Sendable (Value) -> Void
  @usableFromInline let last: LastValue<Value>

  @inlinable
  init(
    select: @escaping @Sendable (State) -> Value,
    onChange: @escaping @Sendable (Value) -> Void,
    onFinish: (@Sendable () -> Void)?
  ) where Value: Equatable {
    let activity = SubscriberActivity()
    let last = LastValue<Value>()
    self.select = select
    self.onChange = onChange
    self.last = last
    super.init(activity: activity, onFinish: onFinish) { state in
      let value = select(state)
      if value == last.value { return }
      last.value = value
      if activity.isActive { onChange(value) }
    }
  }

  /// A selector subscriber that compares values with `isEqual` (ReSwift's `skipRepeats`).
  ///
  /// It repeats the `Equatable` initializer's body rather than serving it with `==` as
  /// `isEqual`: that initializer compares inline, without a closure call per subscriber on
  /// every commit (benchmark 3).
  @inlinable
  init(
    select: @escaping @Sendable (State) -> Value,
    isEqual: @escaping @Sendable (Value, Value) -> Bool,
    onChange: @escaping @Sendable (Value) -> Void,
    onFinish: (@Sendable () -> Void)?
  ) {
    let activity = SubscriberActivity()
    let last = LastValue<Value>()
    self.select = select
    self.onChange = onChange
    self.last = last
    super.init(activity: activity, onFinish: onFinish) { state in
      let value = select(state)
      if let previous = last.value, isEqual(previous, value) { return }
      last.value = value
      if activity.isActive { onChange(value) }
    }
  }

  override func start(_ state: State) {
    let value = select(state)
    last.value = value
    if isActive { onChange(value) }
  }
}
