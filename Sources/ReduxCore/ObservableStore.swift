import Observation

/// A store's state for the Observation framework: SwiftUI views on Apple platforms, and
/// `withObservationTracking` anywhere, see each change of ``state``.
///
/// ```swift
/// let model = ObservableStore(store)
///
/// // SwiftUI (Apple platforms):
/// struct CounterView: View {
///   let model: ObservableStore<Counter>
///   var body: some View {
///     Button("\(model.state.count)") { model.dispatch(Increment()) }
///   }
/// }
///
/// // Anywhere, Linux included:
/// withObservationTracking { _ = model.state } onChange: { print("state changed") }
/// ```
///
/// It is a subscriber of the store, so a ``Store`` pays for Observation only while one exists
/// (Observation's bookkeeping costs more than a whole dispatch). It keeps the store alive; the
/// store does not keep it alive. Like any Observation property, ``state`` reports a change to
/// `withObservationTracking` before the new value is stored; read it again after the change
/// handler to get the new value. Changes are published on the thread that processed the action,
/// and every reader is invalidated by every action.
///
/// For UI code, prefer ``ViewStore``: it publishes on the main actor, coalesces bursts of
/// commits, and invalidates only the readers of the fields that changed. `ObservableStore`
/// remains for observers that are not on the main actor.
public final class ObservableStore<State: Sendable>: Observable, Sendable {
  /// The observed store.
  public let store: Store<State>
  private let registrar = ObservationRegistrar()
  private let current: Lock<State>
  private let subscription = Lock<Subscription?>(nil)

  /// Creates an observable view of `store`'s state.
  public init(_ store: Store<State>) {
    self.store = store
    current = Lock(store.state)
    let token = store.subscribe { [weak self] state in self?.publish(state) }
    subscription.withLock { $0 = token }
  }

  /// The latest committed state of the store; reading it inside `withObservationTracking` or a
  /// SwiftUI view body tracks it.
  public var state: State {
    registrar.access(self, keyPath: \.state)
    return current.withLock { $0 }
  }

  /// Dispatches an action to the store; the same as `store.dispatch(_:)`.
  public func dispatch(_ action: any Action) {
    store.dispatch(action)
  }

  private func publish(_ state: State) {
    registrar.withMutation(of: self, keyPath: \.state) {
      current.withLock { $0 = state }
    }
  }
}
