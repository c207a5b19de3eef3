import Foundation
import ReduxCore

/// Saves a store's state to a file, debounced on a clock, and restores it at start, with a
/// version number and a migration hook for files written by older versions.
///
/// ```swift
/// let persistence = StatePersistence<Counter>(
///   file: URL(filePath: "counter.json"), version: 2, debounce: .seconds(1),
///   migrate: { json, version in try migrateCounter(json, from: version) }
/// )
/// let start = (try? persistence.restore()) ?? nil
/// let store = Store(initialState: start ?? Counter(), reducer: counterReducer)
/// let saving = persistence.persist(store)  // saves each change, at most once a second
/// ```
///
/// ## Files
/// The file holds `{"state": ..., "version": N}`. Writes are atomic (a new file is written
/// and then renamed over the old one), so a crash while saving keeps the previous file. A file
/// that ``restore()`` cannot read (corrupt, newer, unmigratable) is never overwritten: the next
/// save first moves it to `<file>.unreadable`.
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
    var keepUnreadableFile = false
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
  ///     ``PersistenceError/noMigration(from:)``.
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
  /// - Returns: The state, or `nil` when there is no file yet.
  /// - Throws: ``PersistenceError`` for a corrupt file, a file from a newer version, or an
  ///   older file that cannot be migrated. The file is left as it is, and moved aside rather
  ///   than overwritten by the next save.
  public func restore() throws(PersistenceError) -> State? {
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    do {
      return try read()
    } catch {
      saving.withLock { $0.keepUnreadableFile = true }
      throw error
    }
  }

  private func read() throws(PersistenceError) -> State {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw .fileSystem("\(error.localizedDescription)")
    }
    let contents: JSONValue
    do {
      contents = try JSONValue(parsing: data)
    } catch {
      throw .corruptFile("not valid JSON: \(error)")
    }
    guard case .object = contents else {
      throw .corruptFile("the file holds \(contents.kind), not an object")
    }
    guard let version = contents["version"] else { throw .corruptFile("missing \"version\"") }
    guard let found = version.integer else { throw .corruptFile("\"version\" is not an integer") }
    guard let state = contents["state"] else { throw .corruptFile("missing \"state\"") }
    if found > self.version { throw .newerVersion(found: found, supported: self.version) }
    if found == self.version {
      do {
        return try JSONValueDecoder().decode(
          State.self, from: state, at: [JSONKey(stringValue: "state")])
      } catch {
        throw .corruptFile(JSONValueDecoder.reason(for: error))
      }
    }
    guard let migrate else { throw .noMigration(from: found) }
    do {
      return try migrate(state.jsonData, found)
    } catch {
      throw .migrationFailed(from: found, "\(error)")
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
      let skip = isFirst.withLock { first in
        defer { first = false }
        return first
      }
      if !skip { self.save(state) }
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
      throw .fileSystem("the state could not be encoded: \(JSONValueDecoder.reason(for: error))")
    }
    let result: Result<Void, PersistenceError> = writing.withLock { _ in
      let (isLatest, keep) = saving.withLock {
        ($0.generation == generation, $0.keepUnreadableFile)
      }
      guard isLatest else { return .success(()) }
      do {
        if keep && FileManager.default.fileExists(atPath: file.path) {
          let aside = file.appendingPathExtension("unreadable")
          try? FileManager.default.removeItem(at: aside)
          try FileManager.default.moveItem(at: file, to: aside)
        }
        saving.withLock { $0.keepUnreadableFile = false }
        try data.write(to: file, options: .atomic)
        return .success(())
      } catch {
        return .failure(.fileSystem(error.localizedDescription))
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
