// The store's subscribers. Their callbacks are only ever called by the thread that is draining
// the store's queue, one at a time, so a subscriber's own fields need no lock of their own: the
// store's lock hands the draining role (and with it these fields) from thread to thread.
//
// Speed: the store calls `receive` for every subscriber on every commit, so it is a closure
// built in an @inlinable initializer, in the caller's module where State and Value are known (a
// generic method would ask the runtime for metadata on each call; CoreProfile's
// `selectors1000`). It captures nothing: it is given its subscriber, whose fields hold the rest,
// so subscribing allocates one object.

import Synchronization

/// What a ``Subscription`` ends: a subscriber of any store.
@usableFromInline
class SubscriberBase: @unchecked Sendable {
  // @unchecked: `active` is atomic; the subclasses' fields follow the rule at the top of this
  // file, and `isRemoved` is guarded by the store's lock.
  @usableFromInline final let active = Atomic<Bool>(true)
  /// Removes the subscriber from its store (captures nothing; see the top of this file).
  @usableFromInline final let cancel: @Sendable (SubscriberBase) -> Void
  /// Set when the subscription is cancelled; the store drops it from its list later.
  /// Read and written only under the store's lock, which already makes each access exclusive,
  /// so the runtime's check is left out (CoreProfile's `subscribe-cancel`).
  @usableFromInline @exclusivity(unchecked) final var isRemoved = false
  private let onFinish: (@Sendable () -> Void)?

  @usableFromInline
  init(onFinish: (@Sendable () -> Void)?, cancel: @escaping @Sendable (SubscriberBase) -> Void) {
    self.onFinish = onFinish
    self.cancel = cancel
  }

  /// False once the subscription was cancelled; checked before each callback so that no call
  /// starts after `cancel()` returned.
  @inlinable
  final var isActive: Bool { active.load(ordering: .acquiring) }

  @usableFromInline
  final func deactivate() {
    active.store(false, ordering: .releasing)
  }

  /// Called when the store is released: ends async sequences built on this subscriber.
  final func finish() {
    deactivate()
    onFinish?()
  }
}

/// One subscriber of a store of `State`.
@usableFromInline
class Subscriber<State: Sendable>: SubscriberBase, @unchecked Sendable {
  // @unchecked: see SubscriberBase.
  /// Delivers a newly committed state, or the first one; called with this subscriber.
  @usableFromInline final let receive: @Sendable (Subscriber<State>, State) -> Void
  /// The store's engine, for cancelling, through the one weak reference all of the store's
  /// subscribers share: a weak reference of its own would cost each subscription a weak count
  /// on the engine (CoreProfile's `subscribe-cancel`). Written once, by `Store.subscribe`,
  /// before the subscriber is shared with another thread, and only read afterwards, so the
  /// runtime's exclusivity check is left out.
  @usableFromInline @exclusivity(unchecked) final var engineReference: EngineReference<State>?

  @inlinable
  init(
    onFinish: (@Sendable () -> Void)?,
    receive: @escaping @Sendable (Subscriber<State>, State) -> Void
  ) {
    self.receive = receive
    super.init(onFinish: onFinish) { subscriber in
      let subscriber = unsafeDowncast(subscriber, to: Subscriber<State>.self)
      subscriber.engineReference?.engine?.unsubscribe(subscriber)
    }
  }
}

/// A subscriber that gets every state.
@usableFromInline
final class StateSubscriber<State: Sendable>: Subscriber<State>, @unchecked Sendable {
  // @unchecked: see SubscriberBase.
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
  // @unchecked: see SubscriberBase; `last` is touched only by the draining thread.
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
/// the store keeps nothing of it.
@usableFromInline
final class EngineReference<State: Sendable>: Sendable {
  @usableFromInline weak let engine: StoreEngine<State>?

  @usableFromInline
  init(_ engine: StoreEngine<State>) {
    self.engine = engine
  }
}
