import ReduxCore
import ReduxSeam

// Persisting a part of a store's state: the settings and the user's data, not the loading flags
// and the results of the last request. The persistence's `State` is the part that is saved;
// the store's state is any `Root` that holds it.
extension StatePersistence {
  /// Reads the saved part and returns `defaultState` with it at `part`; without a saved file,
  /// `defaultState` as it is.
  ///
  /// ```swift
  /// struct AppState: Sendable { var settings = Settings(); var feed: [Post] = [] }
  /// let persistence = StatePersistence<Settings>(file: settingsFile, version: 1)
  /// let start = (try? persistence.restore(into: AppState(), at: \.settings)) ?? AppState()
  /// ```
  ///
  /// - Throws: ``PersistenceError``, as ``restore()`` does; the file is left as it is.
  public func restore<Root>(into defaultState: Root, at part: WritableKeyPath<Root, State>)
    throws(PersistenceError) -> Root
  {
    try restore(into: defaultState) { root, saved in root[keyPath: part] = saved }
  }

  /// Reads the saved part and returns `defaultState` with `apply` run on it; without a saved
  /// file, `defaultState` as it is: for a part saved through a projection rather than a key
  /// path.
  ///
  /// - Throws: ``PersistenceError``, as ``restore()`` does; the file is left as it is.
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
  /// The state the store starts with is not saved.
  public func persist<Root>(
    _ store: Store<Root>, part: @escaping @Sendable (_ state: Root) -> State
  ) -> Subscription {
    let isFirst = Lock(true)
    return store.subscribe { [self] state in
      if !Self.takeFirst(isFirst) { self.save(part(state)) }
    }
  }

  /// Whether this is the first call, which delivers the state the store started with.
  static func takeFirst(_ isFirst: borrowing Lock<Bool>) -> Bool {
    isFirst.withLock { first in
      defer { first = false }
      return first
    }
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
  /// starts with is not saved.
  public func persist<Root>(
    _ store: Store<Root>, part: @escaping @Sendable (_ state: Root) -> State
  ) -> Subscription {
    let isFirst = Lock(true)
    return store.subscribe(select: part) { [self] saved in
      if !Self.takeFirst(isFirst) { self.save(saved) }
    }
  }
}
