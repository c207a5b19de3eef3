import ReduxCore

/// Several parts of one app state, each kept in its own file or key, restored in one call and
/// saved as each part changes.
///
/// ```swift
/// let persisted = PersistedState<AppState>(
///   .part("syncUps", at: \.syncUps,
///     StatePersistence(storage: .file(documents.appending(path: "sync-ups.json")), version: 1)),
///   .part("settings", at: \.settings,
///     StatePersistence(storage: .userDefaults("settings"), version: 2, migrate: migrateSettings))
/// )
/// let restored = persisted.restore(into: AppState())
/// for error in restored.errors { logger.warning("\(error)") }  // the other parts still restored
/// let store = Store(initialState: restored.state, reducer: appReducer)
/// let saving = persisted.persist(store)
/// ```
///
/// A part that cannot be restored (corrupt, newer, unreadable) leaves its default in the state
/// and an error that names the part and the file; the other parts restore as usual, and nothing
/// stored is deleted (see ``StatePersistence``, "Files"). Saving skips the states a time
/// travelling store shows, as a ``StatePersistence``'s `persist` does.
public struct PersistedState<Root: Sendable>: Sendable {
  /// The parts, in the order they restore.
  public let parts: [Part]

  /// One part of the state: where it is in the state and where it is kept.
  public struct Part: Sendable {
    /// The name errors give the part.
    public let name: String
    /// Where it is kept.
    public let location: PersistenceLocation
    fileprivate let restore: @Sendable (inout Root) throws(PersistenceError) -> Void
    fileprivate let makeSaver: @Sendable () -> Saver
    /// Whether the part is the same in two states.
    fileprivate let isUnchanged: @Sendable (Root, Root) -> Bool
    fileprivate let flush: @Sendable () async throws(PersistenceError) -> Void

    /// The value at `keyPath`, kept by `persistence`, named `name` in errors.
    public static func part<Value: Codable & Equatable & Sendable>(
      _ name: String, at keyPath: WritableKeyPath<Root, Value> & Sendable,
      _ persistence: StatePersistence<Value>
    ) -> Part {
      Part(
        name: name, location: persistence.location,
        restore: { root throws(PersistenceError) in
          if let saved = try persistence.restore() { root[keyPath: keyPath] = saved }
        },
        makeSaver: {
          let saved = LastSaved<Value>()
          return Saver(
            first: { saved.remember($0[keyPath: keyPath]) },
            reached: { root in
              let value = root[keyPath: keyPath]
              if saved.replace(with: value) { persistence.save(value) }
            })
        },
        isUnchanged: { $0[keyPath: keyPath] == $1[keyPath: keyPath] },
        flush: { () async throws(PersistenceError) in try await persistence.flush() })
    }
  }

  /// What ``restore(into:)`` returns: the state, with every part that could be read, and an
  /// error for each part that could not.
  public struct Restored {
    /// The default state with each restored part in place.
    public var state: Root
    /// One error per part that kept its default, naming the part and where it is kept.
    public var errors: [PersistenceError]
  }

  fileprivate struct Saver {
    let first: @Sendable (Root) -> Void
    let reached: @Sendable (Root) -> Void
  }

  /// The parts; each needs its own name and its own file or key.
  ///
  /// Two parts with one name, or kept in one place (which would overwrite each other), stop
  /// with a message that names them.
  public init(_ parts: Part...) {
    self.init(parts)
  }

  /// The parts; each needs its own name and its own file or key.
  public init(_ parts: [Part]) {
    for (index, part) in parts.enumerated() {
      for other in parts[..<index] {
        precondition(
          other.name != part.name,
          "PersistedState has two parts named \"\(part.name)\"; give each part its own name")
        precondition(
          other.location != part.location,
          "PersistedState's parts \"\(other.name)\" and \"\(part.name)\" are both kept in "
            + "\(part.location); give each part its own file or key")
      }
    }
    self.parts = parts
  }

  /// Reads every part into `defaultState`: a part with nothing saved keeps its default, and
  /// so does a part that cannot be read, with an error in ``Restored/errors``.
  public func restore(into defaultState: Root) -> Restored {
    var restored = Restored(state: defaultState, errors: [])
    for part in parts {
      do {
        try part.restore(&restored.state)
      } catch {
        var error = error
        error.part = part.name
        restored.errors.append(error)
      }
    }
    return restored
  }

  /// Saves each part when it changes, debounced by its persistence; the returned subscription
  /// stops it. The parts the store starts with are not saved, nor any state shown while the
  /// store is time travelling.
  public func persist(_ store: Store<Root>) -> Subscription {
    let savers = parts.map { $0.makeSaver() }
    let parts = parts
    return store.subscribeReached(
      select: { $0 },
      isEqual: { old, new in parts.allSatisfy { $0.isUnchanged(old, new) } },
      first: { state in for saver in savers { saver.first(state) } },
      reached: { state in for saver in savers { saver.reached(state) } })
  }

  /// Waits for every part's pending save and returns the errors of those whose latest save
  /// failed, each naming its part; empty when everything is saved.
  public func flush() async -> [PersistenceError] {
    var errors: [PersistenceError] = []
    for part in parts {
      do {
        try await part.flush()
      } catch {
        var error = error
        error.part = part.name
        errors.append(error)
      }
    }
    return errors
  }
}
