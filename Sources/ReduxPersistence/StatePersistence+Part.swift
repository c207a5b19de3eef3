import ReduxCore
import ReduxSeam

// Persisting a part of a store's state: the settings and the user's data, not the loading flags
// and the results of the last request. The persistence's `State` is the part that is saved;
// the store's state is any `Root` that holds it.
extension StatePersistence {
  /// Reads the saved part and returns `defaultState` with it at `part`; without a saved state,
  /// `defaultState` as it is.
  ///
  /// ```swift
  /// struct AppState: Sendable { var settings = Settings(); var feed: [Post] = [] }
  /// let persistence = StatePersistence<Settings>(storage: .file(settingsFile), version: 1)
  /// let start = (try? persistence.restore(into: AppState(), at: \.settings)) ?? AppState()
  /// ```
  ///
  /// - Throws: ``PersistenceError``, as ``restore()`` does; the stored state is left as it is.
  public func restore<Root>(into defaultState: Root, at part: WritableKeyPath<Root, State>)
    throws(PersistenceError) -> Root
  {
    try restore(into: defaultState) { root, saved in root[keyPath: part] = saved }
  }

  /// Reads the saved part and returns `defaultState` with `apply` run on it; without a saved
  /// state, `defaultState` as it is: for a part saved through a projection rather than a key
  /// path.
  ///
  /// - Throws: ``PersistenceError``, as ``restore()`` does; the stored state is left as it is.
  public func restore<Root>(
    into defaultState: Root, _ apply: (_ state: inout Root, _ saved: State) -> Void
  ) throws(PersistenceError) -> Root {
    var state = defaultState
    if let saved = try restore() { apply(&state, saved) }
    return state
  }

  /// Saves a part of the store's state each time the store's state changes, debounced; the
  /// returned subscription stops it.
  ///
  /// `part` is a key path (`\.settings`) or any projection (`{ Saved(theme: $0.theme) }`).
  /// The state the store starts with is not saved, nor any state shown while the store is
  /// time travelling.
  @inlinable
  public func persist<Root>(
    _ store: Store<Root>, part: @escaping @Sendable (_ state: Root) -> State
  ) -> Subscription {
    store.subscribeReached(
      select: part, isEqual: { _, _ in false }, first: { _ in },
      reached: { [self] value in self.save(value) })
  }
}

extension StatePersistence where State: Equatable {
  /// Saves a part of the store's state each time that part changes, debounced; the returned
  /// subscription stops it.
  ///
  /// ```swift
  /// let saving = persistence.persist(store, part: \.settings)
  /// ```
  ///
  /// Changes elsewhere in the state (a loading flag, a result) do not save. The part the store
  /// starts with is not saved, nor any state shown while the store is time travelling; when
  /// the travel ends, the part is saved if it differs from the last one saved.
  @inlinable
  public func persist<Root>(
    _ store: Store<Root>, part: @escaping @Sendable (_ state: Root) -> State
  ) -> Subscription {
    let saved = LastSaved<State>()
    return store.subscribeReached(
      select: part, first: saved.remember,
      reached: { [self] value in
        if saved.replace(with: value) { self.save(value) }
      })
  }
}

/// The last value saved of one part, to save only a part that changed.
@usableFromInline
final class LastSaved<Value: Equatable & Sendable>: Sendable {
  @usableFromInline let value = Lock<Value?>(nil)

  @inlinable
  init() {}

  /// Takes `value` as saved: the one the store started with.
  @inlinable
  func remember(_ newValue: Value) {
    value.withLock { $0 = newValue }
  }

  /// Whether `newValue` differs from the last saved one; if so it becomes the last saved.
  @inlinable
  func replace(with newValue: Value) -> Bool {
    value.withLock { value in
      guard value != newValue else { return false }
      value = newValue
      return true
    }
  }
}

extension Store {
  /// Subscribes to the values `select` picks from the states the app reaches: `first` gets the
  /// value now, `reached` each later one that `isEqual` calls new, except those of states shown
  /// while the store is time travelling (``Store/isTimeTravelling``, set before subscribers
  /// are told of such a state). The state that ends a travel is always delivered, even when it
  /// equals the one the travel showed (a commit of the step shown).
  ///
  /// The comparison runs in the store's select subscription, so a change elsewhere in the
  /// state costs what any selector subscription costs, and little more.
  @inlinable
  func subscribeReached<Value: Sendable>(
    select: @escaping @Sendable (State) -> Value,
    isEqual: @escaping @Sendable (Value, Value) -> Bool,
    first: @escaping @Sendable (Value) -> Void,
    reached: @escaping @Sendable (Value) -> Void
  ) -> Subscription {
    let travel = timeTravel
    return subscribe(
      select: { ReachedValue(value: select($0), travelEnds: travel.travelEnds) },
      isEqual: { old, new in
        if old.travelEnds != new.travelEnds { return false }
        return isEqual(old.value, new.value)
      },
      ReachedValue.deliver(travel, first: first, reached: reached))
  }

  /// ``subscribeReached(select:isEqual:first:reached:)`` for a value compared with `==`, by
  /// the store's own selector subscription, which compares without a closure call.
  @inlinable
  func subscribeReached<Value: Equatable & Sendable>(
    select: @escaping @Sendable (State) -> Value,
    first: @escaping @Sendable (Value) -> Void,
    reached: @escaping @Sendable (Value) -> Void
  ) -> Subscription {
    let travel = timeTravel
    return subscribe(
      select: { ReachedValue(value: select($0), travelEnds: travel.travelEnds) },
      ReachedValue.deliver(travel, first: first, reached: reached))
  }
}

/// A selected value, and how many travels had ended when it was selected.
@usableFromInline
struct ReachedValue<Value: Sendable>: Sendable {
  @usableFromInline var value: Value
  @usableFromInline var travelEnds: Int

  @inlinable
  init(value: Value, travelEnds: Int) {
    self.value = value
    self.travelEnds = travelEnds
  }

  /// The subscriber's callback: the first value to `first`, the later ones to `reached` unless
  /// the store is time travelling.
  @inlinable
  static func deliver(
    _ travel: TimeTravelMark, first: @escaping @Sendable (Value) -> Void,
    reached: @escaping @Sendable (Value) -> Void
  ) -> @Sendable (ReachedValue) -> Void {
    let isFirst = Lock(true)
    return { selected in
      let wasFirst = isFirst.withLock { isFirst in
        defer { isFirst = false }
        return isFirst
      }
      if wasFirst {
        first(selected.value)
      } else if !travel.isTravelling {
        reached(selected.value)
      }
    }
  }
}

extension ReachedValue: Equatable where Value: Equatable {}
