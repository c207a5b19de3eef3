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
  public func persist<Root>(
    _ store: Store<Root>, part: @escaping @Sendable (_ state: Root) -> State
  ) -> Subscription {
    store.subscribeReached(first: { _ in }, reached: { [self] state in self.save(part(state)) })
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
  public func persist<Root>(
    _ store: Store<Root>, part: @escaping @Sendable (_ state: Root) -> State
  ) -> Subscription {
    let saved = LastSaved<State>()
    return store.subscribeReached(
      first: { saved.remember(part($0)) },
      reached: { [self] state in
        let value = part(state)
        if saved.replace(with: value) { self.save(value) }
      })
  }
}

/// The last value saved of one part, to save only a part that changed.
final class LastSaved<Value: Equatable & Sendable>: Sendable {
  private let value = Lock<Value?>(nil)

  /// Takes `value` as saved: the one the store started with.
  func remember(_ newValue: Value) {
    value.withLock { $0 = newValue }
  }

  /// Whether `newValue` differs from the last saved one; if so it becomes the last saved.
  func replace(with newValue: Value) -> Bool {
    value.withLock { value in
      guard value != newValue else { return false }
      value = newValue
      return true
    }
  }
}

extension Store {
  /// Subscribes to the states the app reaches: `first` gets the state the store has now,
  /// `reached` every later one, except those shown while the store is time travelling
  /// (``Store/isTimeTravelling``, set before subscribers are told of such a state).
  func subscribeReached(
    first: @escaping @Sendable (State) -> Void, reached: @escaping @Sendable (State) -> Void
  ) -> Subscription {
    let travel = timeTravel
    let isFirst = Lock(true)
    return subscribe { state in
      let wasFirst = isFirst.withLock { isFirst in
        defer { isFirst = false }
        return isFirst
      }
      if wasFirst {
        first(state)
      } else if !travel.isTravelling {
        reached(state)
      }
    }
  }
}
