import Foundation
import ReduxCore

/// Saves a store's state, or a part of it, to a file, debounced on a clock, and restores it at
/// start, with a version number and a migration hook for files written by older versions.
///
/// `State` is what the file holds. Persist the part of the app's state worth keeping (the
/// settings, the user's data) and leave out loading flags and results:
///
/// ```swift
/// let persistence = StatePersistence<Settings>(
///   file: URL(filePath: "settings.json"), version: 2, debounce: .seconds(1),
///   migrate: { json, version in try migrateSettings(json, from: version) }
/// )
/// let start = (try? persistence.restore(into: AppState(), at: \.settings)) ?? AppState()
/// let store = Store(initialState: start, reducer: appReducer)
/// let saving = persistence.persist(store, part: \.settings)  // saves when settings change
/// ```
///
/// For a store whose whole state is saved, ``restore()`` returns the state (or `nil` without a
/// file) and ``persist(_:)`` saves each change.
///
/// ## Files
/// The file holds `{"state": ..., "version": N}`. Nothing saved is ever deleted:
/// - Writes are atomic: the state goes to a hidden temporary file next to the state file
///   (`.<file>.saving-…`), is flushed to disk and renamed over the old file, so a crash while
///   saving keeps the previous file. The temporary file of a save that was killed is removed
///   by the next ``restore()`` or the first save of the next `StatePersistence` for the file.
/// - A file that ``restore()`` cannot read (corrupt, newer, unmigratable, unreadable) is never
///   overwritten: the next save first moves it to `<file>.unreadable-N`, N one more than the
///   highest already there, and the error names that path in ``PersistenceError/keptAs``.
/// - Every error names the file it is about and says what to do.
///
/// ## Debounce
/// ``save(_:)`` writes the latest state once the clock has run `debounce` past the last call;
/// each call restarts the wait. Inject a test clock to control it, and await ``flush()`` to
/// wait for the write.
public final class StatePersistence<State: Codable & Sendable>: Sendable {
  /// Turns the JSON of a state saved by an older version into the current state.
  ///
  /// It gets the `state` value of the file as JSON data, and the version that wrote it.
  public typealias Migration = @Sendable (_ stateJSON: Data, _ fromVersion: Int) throws -> State

  /// The state file.
  public let file: URL
  /// The version written into each file; files with a smaller number are migrated.
  public let version: Int
  private let debounce: Duration
  private let clock: any Clock<Duration>
  private let migrate: Migration?
  private let saving = Lock(SaveState())
  /// Serializes file writes; see `write(_:generation:)`.
  private let writing = Lock(())

  private struct SaveState {
    var generation = 0
    var pending: Task<Void, Never>?
    var error: PersistenceError?
    /// Where the next save moves the file that ``restore()`` could not read.
    var keepAsideAt: URL?
    var removedAbandonedTemporaries = false
  }

  /// Creates a persistence for one file.
  ///
  /// - Parameters:
  ///   - file: Where the state is saved.
  ///   - version: The current version of the state's format; raise it when the state changes
  ///     shape, and handle the older numbers in `migrate`.
  ///   - debounce: How long ``save(_:)`` waits for more changes before writing.
  ///   - clock: The clock the debounce waits on.
  ///   - migrate: Reads files written with an older version; without it, such a file is a
  ///     ``PersistenceError/Reason/noMigration(from:)``.
  public init(
    file: URL,
    version: Int,
    debounce: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    migrate: Migration? = nil
  ) {
    self.file = file
    self.version = version
    self.debounce = debounce
    self.clock = clock
    self.migrate = migrate
  }

  /// Reads the saved state, migrating it if an older version wrote it.
  ///
  /// It first removes the temporary files of saves that were killed before they finished.
  ///
  /// - Returns: The state, or `nil` when there is no file yet.
  /// - Throws: ``PersistenceError`` for a file that cannot be read, is corrupt, is from a
  ///   newer version, or is older and cannot be migrated. The file is left as it is; the next
  ///   save moves it to the error's ``PersistenceError/keptAs`` instead of overwriting it.
  public func restore() throws(PersistenceError) -> State? {
    stateFile.removeAbandonedTemporaries()
    saving.withLock { $0.removedAbandonedTemporaries = true }
    do {
      guard let data = try stateFile.contents() else { return nil }
      return try decode(data)
    } catch {
      var error = error
      error.keptAs = saving.withLock { saving in
        if saving.keepAsideAt == nil { saving.keepAsideAt = stateFile.nextKeptName() }
        return saving.keepAsideAt
      }
      throw error
    }
  }

  private var stateFile: StateFile { StateFile(url: file) }

  private func decode(_ data: Data) throws(PersistenceError) -> State {
    let contents: JSONValue
    do {
      contents = try JSONValue(parsing: data)
    } catch {
      throw PersistenceError(.corruptFile("not valid JSON: \(error)"), file: file)
    }
    guard case .object = contents else {
      throw PersistenceError(.corruptFile("it holds \(contents.kind), not an object"), file: file)
    }
    guard let found = contents["version"]?.integer else {
      throw PersistenceError(.corruptFile("no integer \"version\""), file: file)
    }
    guard let state = contents["state"] else {
      throw PersistenceError(.corruptFile("missing \"state\""), file: file)
    }
    if found > version {
      throw PersistenceError(.newerVersion(found: found, supported: version), file: file)
    }
    if found == version {
      do {
        return try JSONValueDecoder().decode(
          State.self, from: state, at: [JSONKey(stringValue: "state")])
      } catch {
        throw PersistenceError(.corruptFile(JSONValueDecoder.reason(for: error)), file: file)
      }
    }
    guard let migrate else { throw PersistenceError(.noMigration(from: found), file: file) }
    do {
      return try migrate(state.jsonData, found)
    } catch {
      throw PersistenceError(.migrationFailed(from: found, "\(error)"), file: file)
    }
  }

  /// Saves `state` once the clock has run the debounce interval with no newer call.
  ///
  /// Returns at once. An error while writing is kept and thrown by the next ``flush()``.
  public func save(_ state: State) {
    let sleep = clock.sleeper(after: debounce)
    saving.withLock { saving in
      saving.pending?.cancel()
      saving.generation += 1
      let generation = saving.generation
      saving.pending = Task { [self] in
        do { try await sleep() } catch { return }
        do throws(PersistenceError) {
          try self.write(state, generation: generation)
        } catch {
          self.saving.withLock { $0.error = error }
        }
      }
    }
  }

  /// Writes `state` now, cancelling a pending debounced save.
  public func saveNow(_ state: State) throws(PersistenceError) {
    let generation = saving.withLock { saving in
      saving.pending?.cancel()
      saving.pending = nil
      saving.generation += 1
      return saving.generation
    }
    try write(state, generation: generation)
  }

  /// Waits for the pending debounced save, if any, and throws the error of a failed one.
  ///
  /// The pending save waits for the clock: with a test clock, advance it past the debounce
  /// interval first.
  public func flush() async throws(PersistenceError) {
    let pending = saving.withLock { $0.pending }
    await pending?.value
    let error = saving.withLock { saving in
      defer { saving.error = nil }
      return saving.error
    }
    if let error { throw error }
  }

  /// Saves the store's state each time it changes, debounced; the returned subscription
  /// stops it.
  public func persist(_ store: Store<State>) -> Subscription {
    let isFirst = Lock(true)
    return store.subscribe { [self] state in
      // The first call is the state the store started with, which needs no save.
      if !Self.takeFirst(isFirst) { self.save(state) }
    }
  }

  /// Writes `state` unless a newer save was requested since `generation` was taken; the check
  /// and the write happen under one lock, so an older state never lands after a newer one.
  private func write(_ state: State, generation: Int) throws(PersistenceError) {
    let data: Data
    do {
      let state = try JSONValueEncoder().encode(state, at: [JSONKey(stringValue: "state")])
      data = JSONValue.object(["state": state, "version": .number(String(version))]).jsonData
    } catch {
      throw PersistenceError(.encodingFailed(JSONValueDecoder.reason(for: error)), file: file)
    }
    let result: Result<Void, PersistenceError> = writing.withLock { _ in
      let (isLatest, keepAsideAt, removedAbandoned) = saving.withLock {
        ($0.generation == generation, $0.keepAsideAt, $0.removedAbandonedTemporaries)
      }
      guard isLatest else { return .success(()) }
      return Result { () throws(PersistenceError) in
        if !removedAbandoned {
          stateFile.removeAbandonedTemporaries()
          saving.withLock { $0.removedAbandonedTemporaries = true }
        }
        if let keepAsideAt, FileManager.default.fileExists(atPath: file.path) {
          try stateFile.keepAside(at: keepAsideAt)
        }
        saving.withLock { $0.keepAsideAt = nil }
        try stateFile.replace(with: data)
      }
    }
    try result.get()
  }
}

extension Clock {
  /// A sleep until `interval` after now, with the deadline taken when this is called, so that
  /// a task that starts late still wakes at the right time.
  fileprivate func sleeper(after interval: Duration) -> @Sendable () async throws -> Void {
    let deadline = now.advanced(by: interval)
    return { try await self.sleep(until: deadline, tolerance: nil) }
  }
}
