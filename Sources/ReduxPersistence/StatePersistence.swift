import Foundation
import ReduxCore
import ReduxSeam

/// Saves a store's state, or a part of it, to a file or a key-value store, debounced on a
/// clock, and restores it at start, with a version number and a migration hook for states saved
/// by older versions.
///
/// `State` is what the storage holds. Persist the part of the app's state worth keeping (the
/// settings, the user's data) and leave out loading flags and results:
///
/// ```swift
/// let persistence = StatePersistence<Settings>(
///   storage: .file(URL(filePath: "settings.json")), version: 2, debounce: .seconds(1),
///   migrate: { json, version in try migrateSettings(json, from: version) }
/// )
/// let start = (try? persistence.restore(into: AppState(), at: \.settings)) ?? AppState()
/// let store = Store(initialState: start, reducer: appReducer)
/// let saving = persistence.persist(store, part: \.settings)  // saves when settings change
/// ```
///
/// For a store whose whole state is saved, ``restore()`` returns the state (or `nil` without a
/// file) and ``persist(_:)`` saves each change. To keep several parts of one state, each in its
/// own file or key, restored in one call, use ``PersistedState``.
///
/// ## Time travel
/// A store's subscription saves nothing while the store is time travelling
/// (`Store.isTimeTravelling`: ReduxDevTools shows a past step, a skipped action or a loaded
/// recording, is locked, or replays a recording): only states the user reached are written.
/// When the travel ends (a jump to the latest step, a commit), the state the store then shows
/// is saved if it differs from the last one saved.
///
/// ## Files
/// The storage holds `{"state": ..., "version": N}`. Nothing saved is ever deleted:
/// - Writes are atomic: the state goes to a hidden temporary file next to the state file
///   (`.<file>.saving-…`), is flushed to disk and renamed over the old file, so a crash while
///   saving keeps the previous file. The temporary file of a save that was killed is removed
///   by the next ``restore()`` or the first save of the next `StatePersistence` for the file.
/// - A stored state that ``restore()`` cannot read (corrupt, newer, unmigratable, unreadable)
///   is never overwritten: the next save first keeps it as `<file>.unreadable-N` (a key
///   `<key>.unreadable-N`), N one more than the highest already there, and the error names it
///   in ``PersistenceError/keptAs``.
/// - Every error names the file or key it is about and says what to do.
///
/// ## Debounce
/// ``save(_:)`` writes the latest state once the clock has run `debounce` past the last call;
/// each call restarts the wait. A state that changes more often than `debounce` would then
/// never be written while it keeps changing: pass `maxWait` to write the latest state at the
/// latest that long after the first change not yet saved, as `throttle` would. Inject a test
/// clock to control it, and await ``flush()`` to wait for the write.
public final class StatePersistence<State: Codable & Sendable>: Sendable {
  /// Turns the JSON of a state saved by an older version into the current state.
  ///
  /// It gets the `state` value of the file as JSON data, and the version that wrote it.
  public typealias Migration = @Sendable (_ stateJSON: Data, _ fromVersion: Int) throws -> State

  /// Where the state is kept.
  public let storage: any PersistenceStorage
  /// The version written with each state; states with a smaller number are migrated.
  public let version: Int
  let clock: any Clock<Duration>
  /// The deadline of a save asked for now (`debounce` from now, or sooner with `maxWait`),
  /// made where the clock's type is known, so that a save reads the clock without looking up
  /// its types.
  @usableFromInline let deadlineFromNow:
    @Sendable (_ writeBy: inout (any Sendable)?) -> any Sendable
  private let migrate: Migration?
  @usableFromInline let saving = Lock(SaveState())
  /// Serializes file writes; see `write(_:generation:)`.
  let writing = Lock(())

  // A save is on the dispatch path of every persisted store (a subscriber calls it), so it is
  // @inlinable: specialized for the caller's State, it takes one lock and reads the clock.
  @usableFromInline
  struct SaveState {
    /// Counts the saves asked for; a write of an older one never lands after a newer one.
    @usableFromInline var generation = 0
    /// The task that writes `latest` once the deadline passes; one at a time, so that a burst
    /// of saves costs a lock each, not a task each.
    @usableFromInline var pending: Task<Void, Never>?
    /// Tells the current pending task from one that was replaced by a `saveNow`.
    @usableFromInline var pendingNumber = 0
    /// The state the pending task writes.
    @usableFromInline var latest: State?
    /// The clock's instant at which the pending task writes.
    @usableFromInline var deadline: (any Sendable)?
    /// The failure of the latest save asked for, if it failed; a later successful write
    /// clears it, so ``flush()`` reports what is on disk.
    var error: PersistenceError?
    /// With `maxWait`: the clock's instant by which the changes not yet saved are written.
    @usableFromInline var writeBy: (any Sendable)?
    /// Where the next save keeps the state that ``restore()`` could not read.
    var keepAsideAt: PersistenceLocation?
    var removedLeftovers = false
  }

  /// Creates a persistence for one storage: a file, a key-value store's key.
  ///
  /// - Parameters:
  ///   - storage: Where the state is saved: ``PersistenceStorage/file(_:)``,
  ///     ``PersistenceStorage/userDefaults(_:suiteName:)``,
  ///     ``PersistenceStorage/inMemory(_:in:)``.
  ///   - version: The current version of the state's format; raise it when the state changes
  ///     shape, and handle the older numbers in `migrate`.
  ///   - debounce: How long ``save(_:)`` waits for more changes before writing.
  ///   - maxWait: The longest a change waits to be written while newer changes keep
  ///     restarting the debounce; `nil`, the default, waits until the changes stop. It must
  ///     not be negative.
  ///   - clock: The clock the debounce waits on.
  ///   - migrate: Reads files written with an older version; without it, such a file is a
  ///     ``PersistenceError/Reason/noMigration(from:)``.
  public init(
    storage: some PersistenceStorage,
    version: Int,
    debounce: Duration = .seconds(1),
    maxWait: Duration? = nil,
    clock: any Clock<Duration> = ContinuousClock(),
    migrate: Migration? = nil
  ) {
    precondition(
      maxWait.map { $0 >= .zero } ?? true,
      "StatePersistence(maxWait:) is negative; pass a duration of zero or more, or nil")
    self.storage = storage
    self.version = version
    self.deadlineFromNow = Self.deadlines(on: clock, debounce: debounce, maxWait: maxWait)
    self.clock = clock
    self.migrate = migrate
  }

  /// Reads the saved state, migrating it if an older version wrote it.
  ///
  /// It first removes the temporary files of saves that were killed before they finished.
  ///
  /// - Returns: The state, or `nil` when nothing is saved yet.
  /// - Throws: ``PersistenceError`` for a state that cannot be read, is corrupt, is from a
  ///   newer version, or is older and cannot be migrated. It is left as it is; the next save
  ///   keeps it as the error's ``PersistenceError/keptAs`` instead of overwriting it.
  public func restore() throws(PersistenceError) -> State? {
    storage.removeLeftovers()
    saving.withLock { $0.removedLeftovers = true }
    do {
      guard let data = try storage.read() else { return nil }
      return try decode(data)
    } catch {
      var error = error
      error.keptAs = saving.withLock { saving in
        if saving.keepAsideAt == nil { saving.keepAsideAt = storage.nextKeptLocation() }
        return saving.keepAsideAt
      }
      throw error
    }
  }

  /// Where the state is kept, as errors name it.
  public var location: PersistenceLocation { storage.location }

  /// The state in `data`. A file of the current version is decoded in one pass; the header is
  /// looked at on its own only when that fails or the version differs, to say why or to
  /// migrate.
  private func decode(_ data: Data) throws(PersistenceError) -> State {
    let decoded = Result { try StoredJSON.decode(State.self, from: data) }
    if case .success(let contents) = decoded, contents.version == version {
      return contents.state
    }
    let found: Int
    let stateJSON: Data
    do {
      (found, stateJSON) = try StoredJSON.header(of: data)
    } catch {
      throw PersistenceError(.corruptFile(error.detail), location: location)
    }
    if found > version {
      throw PersistenceError(.newerVersion(found: found, supported: version), location: location)
    }
    if found == version, case .failure(let error) = decoded {
      throw PersistenceError(.corruptFile(StoredJSON.reason(for: error)), location: location)
    }
    guard let migrate else { throw PersistenceError(.noMigration(from: found), location: location) }
    do {
      return try migrate(stateJSON, found)
    } catch {
      throw PersistenceError(.migrationFailed(from: found, "\(error)"), location: location)
    }
  }

  func encode(_ state: State) throws(PersistenceError) -> Data {
    do {
      return try StoredJSON.encode(state, version: version)
    } catch {
      throw PersistenceError(.encodingFailed(StoredJSON.reason(for: error)), location: location)
    }
  }
}
