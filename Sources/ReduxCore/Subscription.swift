import Synchronization

/// A token that keeps a store subscription alive; the subscription ends on ``cancel()`` or when
/// the token is released.
///
/// Keep the token for as long as you want updates:
///
/// ```swift
/// final class CounterView {
///   var subscriptions = Set<Subscription>()
///   init(store: Store<Counter>) {
///     store.subscribe(select: \.count) { print("count:", $0) }.store(in: &subscriptions)
///   }
/// }
/// ```
///
/// Cancelling is safe from any thread, and from inside the subscription's own callback. When
/// `cancel()` returns, the callback is not running and is not called again: on another thread,
/// `cancel()` waits for a callback already in flight to return (it waits for the store's
/// drainer to finish the action in hand, never longer). One exception keeps that wait from ever
/// becoming a deadlock: `cancel()` called on a thread that is itself delivering a store's
/// notifications (inside any callback or middleware) does not wait; a callback of this
/// subscription that another thread had already started may then still be running, once.
/// So do not block a callback until another thread's `cancel()` returns.
public final class Subscription: Sendable, Hashable {
  private let isCancelled = Atomic<Bool>(false)
  /// The store subscription it ends. It holds none of the subscriber's callbacks, so a token
  /// that outlives its store keeps nothing of it alive.
  private let subscriber: (any SubscriptionEnding)?
  /// What it runs instead, for a token that ends other tokens.
  private let onCancel: (@Sendable () -> Void)?

  /// A token that ends `subscriber`'s subscription.
  @usableFromInline
  init(subscriber: any SubscriptionEnding) {
    self.subscriber = subscriber
    self.onCancel = nil
  }

  /// A token that runs `onCancel` once, when it is cancelled or released.
  init(onCancel: @escaping @Sendable () -> Void) {
    self.subscriber = nil
    self.onCancel = onCancel
  }

  /// Ends the subscription. Calling it again does nothing.
  public func cancel() {
    guard !isCancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    if let onCancel {
      onCancel()
    } else {
      subscriber?.end()
    }
  }

  deinit { cancel() }

  /// Keeps this subscription alive in `set` until the set is emptied or released.
  public func store(in set: inout Set<Subscription>) {
    set.insert(self)
  }

  /// Subscriptions are equal when they are the same token.
  public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
