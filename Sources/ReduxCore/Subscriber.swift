// The store's subscribers. Their callbacks are only ever called by the thread that is draining
// the store's queue, one at a time, so a subscriber's own fields need no lock of their own: the
// store's lock hands the draining role (and with it these fields) from thread to thread.

/// One subscriber of a store: a callback, and for selector subscriptions the last value seen.
@usableFromInline
class Subscriber<State>: @unchecked Sendable {
  // @unchecked: `isActive` is behind `activity`; subclasses' fields are touched only by the
  // draining thread (see above).
  private let activity = Lock(true)
  private let onFinish: (@Sendable () -> Void)?

  init(onFinish: (@Sendable () -> Void)?) {
    self.onFinish = onFinish
  }

  /// False once the subscription was cancelled; checked before each callback so that no call
  /// starts after `cancel()` returned.
  final var isActive: Bool { activity.withLock { $0 } }

  final func deactivate() {
    activity.withLock { $0 = false }
  }

  /// Called when the store is released: ends async sequences built on this subscriber.
  final func finish() {
    deactivate()
    onFinish?()
  }

  /// Delivers the first value, when the subscription starts.
  func start(_ state: State) {}

  /// Delivers a newly committed state.
  @usableFromInline
  func receive(_ state: State) {}
}

final class StateSubscriber<State>: Subscriber<State>, @unchecked Sendable {
  // @unchecked: see Subscriber.
  private let onChange: @Sendable (State) -> Void

  init(onChange: @escaping @Sendable (State) -> Void, onFinish: (@Sendable () -> Void)?) {
    self.onChange = onChange
    super.init(onFinish: onFinish)
  }

  override func start(_ state: State) {
    receive(state)
  }

  override func receive(_ state: State) {
    if isActive { onChange(state) }
  }
}

final class SelectSubscriber<State, Value: Equatable>: Subscriber<State>, @unchecked Sendable {
  // @unchecked: see Subscriber; `last` is touched only by the draining thread.
  private let select: @Sendable (State) -> Value
  private let onChange: @Sendable (Value) -> Void
  private var last: Value?

  init(
    select: @escaping @Sendable (State) -> Value,
    onChange: @escaping @Sendable (Value) -> Void,
    onFinish: (@Sendable () -> Void)?
  ) {
    self.select = select
    self.onChange = onChange
    super.init(onFinish: onFinish)
  }

  override func start(_ state: State) {
    let value = select(state)
    last = value
    if isActive { onChange(value) }
  }

  override func receive(_ state: State) {
    let value = select(state)
    if value == last { return }
    last = value
    if isActive { onChange(value) }
  }
}
