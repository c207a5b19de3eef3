import Observation

/// A store's state on the main actor, for UI code: observable with the Observation framework,
/// updated coalesced from whatever thread commits, and read field by field.
///
/// ```swift
/// @MainActor
/// func show(_ store: Store<Counter>) {
///   let model = ViewStore(store)
///   model.dispatch(Increment())
///   print(model.state.count)
/// }
/// ```
///
/// In SwiftUI, keep one in the view (`let model: ViewStore<Counter>`) and read it in `body`;
/// on Linux, read it inside `withObservationTracking`.
///
/// ## Main actor and coalescing
/// A store commits each action on the thread that processes it, often a background thread
/// (a saga, an effect, a command). The view store keeps the newest committed state in a
/// lock-protected mailbox and schedules one hop to the main actor per burst: however many
/// states are committed before the main actor runs, it publishes the newest one, once. States
/// are published in commit order and never one older than a state already published.
///
/// ``dispatch(_:)`` on the view store publishes at once: on an idle store the action has been
/// reduced when it returns, so a control bound to the state sees its own change without waiting
/// for a hop. A dispatch straight to the ``Store`` from the main thread is published by the hop,
/// like any other.
///
/// ## Lifetime
/// The view store keeps its store alive; the store does not keep the view store alive.
/// Releasing the view store ends its subscription.
///
/// ``ObservableStore`` is the thread-agnostic alternative: it publishes on the committing thread
/// and invalidates every observer on every action. Prefer `ViewStore` for UI code.
@MainActor
public final class ViewStore<State: Sendable>: Observable {
  private let registrar = ObservationRegistrar()
  private var current: State
  /// The fields read so far, each compared on every publish.
  private var fields: [ObservedField<State>] = []
  private var fieldIndex: [FieldID: Int] = [:]
  /// Sends an action to the store: the store's own dispatch, or a parent view store's.
  private let dispatchUpstream: @MainActor (any Action) -> Void
  /// States committed but not yet published; nil for a scoped view store, which its parent
  /// feeds.
  private let mailbox: LatestValueMailbox<State>?
  private var subscription: Subscription?

  /// Creates a view of `store`'s state on the main actor, starting from its current state.
  ///
  /// - Parameter store: The store to observe and dispatch to; the view store keeps it alive.
  public init(_ store: Store<State>) {
    let mailbox = LatestValueMailbox<State>()
    current = store.state
    self.mailbox = mailbox
    dispatchUpstream = { store.dispatch($0) }
    subscription = store.subscribe { [weak self] state in
      guard mailbox.post(state) else { return }
      Task { @MainActor [weak self] in
        guard let self, let state = mailbox.takeForHop() else { return }
        self.publish(state)
      }
    }
    // An idle store gave the subscription its current state already: take it now rather than
    // on the hop (it may be newer than the state read above).
    flush()
  }

  /// The latest published state.
  ///
  /// Reading it inside a SwiftUI `body` or `withObservationTracking` tracks the whole state: a
  /// publish that changes any part of it invalidates the reader (compared with `==` when `State`
  /// is `Equatable`, else by its bits).
  public var state: State {
    track(.value(\State.self)) { sameValue(at: \State.self) }
    return current
  }

  /// Dispatches `action` to the store, then publishes the newest committed state at once.
  ///
  /// On an idle store the action has been reduced and its state published when this returns.
  /// If another thread is processing the store, the action is queued and published later, by
  /// the hop.
  public func dispatch(_ action: any Action) {
    dispatchUpstream(action)
    flush()
  }

  /// Publishes the state waiting in the mailbox, ahead of its hop.
  private func flush() {
    if let state = mailbox?.take() { publish(state) }
  }

  /// Makes `state` current and tells Observation about each field it changed.
  ///
  /// `willSet` for every changed field, then the assignment, then `didSet`, so an observer
  /// sees either the whole old state or the whole new one.
  private func publish(_ state: State) {
    let old = current
    var anyChanged = false
    for index in fields.indices where !fields[index].isSame(old, state) {
      fields[index].isChanged = true
      anyChanged = true
      registrar.willSet(self, keyPath: fields[index].key)
    }
    current = state
    guard anyChanged else { return }
    for index in fields.indices where fields[index].isChanged {
      fields[index].isChanged = false
      registrar.didSet(self, keyPath: fields[index].key)
    }
  }

  /// Registers an Observation access to the field `id`, adding it to the compared fields the
  /// first time it is read.
  private func track(_ id: FieldID, _ isSame: () -> (State, State) -> Bool) {
    let index: Int
    if let known = fieldIndex[id] {
      index = known
    } else {
      index = fields.count
      fields.append(ObservedField(key: \ViewStore.[observedField: index], isSame: isSame()))
      fieldIndex[id] = index
    }
    registrar.access(self, keyPath: fields[index].key)
  }

  /// What Observation tracks for a field: a key path per field index. Never read for its value.
  private nonisolated subscript(observedField index: Int) -> Int { index }
}

/// Which part of the state an observed field stands for.
private enum FieldID: Hashable {
  /// The value at the key path.
  case value(AnyKeyPath)
}

/// One field a view read: its Observation key and how to tell whether a publish changed it.
private struct ObservedField<State: Sendable> {
  let key: KeyPath<ViewStore<State>, Int>
  let isSame: (State, State) -> Bool
  var isChanged = false
}
