import Foundation

/// Where a ``StatePersistence`` keeps one encoded state: a file, a key of a key-value store, or
/// your own place.
///
/// Pick one with ``file(_:)``, ``userDefaults(_:suiteName:)``, ``inMemory(_:in:)`` or
/// ``keyValue(_:in:)``:
///
/// ```swift
/// StatePersistence<[SyncUp]>(storage: .file(documents.appending(path: "sync-ups.json")), version: 1)
/// StatePersistence<Settings>(storage: .userDefaults("settings"), version: 2)
/// StatePersistence<Settings>(storage: .inMemory("settings"), version: 2)  // tests, previews
/// ```
///
/// Nothing saved is ever lost: a value that ``StatePersistence/restore()`` could not read is
/// kept under a new name (``keepAside(at:)``) before the next save replaces it.
public protocol PersistenceStorage: Sendable {
  /// Where the value is, for error messages.
  var location: PersistenceLocation { get }

  /// The stored bytes, or `nil` when nothing is stored yet.
  func read() throws(PersistenceError) -> Data?

  /// Replaces the stored bytes; on failure the previous ones stay.
  func write(_ data: Data) throws(PersistenceError)

  /// Where ``keepAside(at:)`` would keep the stored value now: a name nothing uses yet.
  func nextKeptLocation() -> PersistenceLocation

  /// Keeps the stored value at `destination`, or at the next free name if something is there
  /// by now, and returns where it went; `nil` when nothing is stored. Never replaces a value.
  func keepAside(at destination: PersistenceLocation) throws(PersistenceError)
    -> PersistenceLocation?

  /// Removes what an interrupted save left behind (a file storage's temporary files). Called
  /// before the first read or write of each ``StatePersistence``.
  func removeLeftovers()
}

extension PersistenceStorage {
  /// Nothing to remove: a storage whose writes cannot be interrupted halfway.
  public func removeLeftovers() {}
}

/// Where a stored state is: what errors name.
public enum PersistenceLocation: Hashable, Sendable, CustomStringConvertible {
  /// A file.
  case file(URL)
  /// A key of a key-value store, and the store's name (`UserDefaults`, `in memory`).
  case key(String, store: String)

  /// `the state file /path/sync-ups.json`, `the key "settings" of UserDefaults`.
  public var description: String {
    switch self {
    case .file(let url): "the state file \(url.path)"
    case .key(let key, let store): "the key \"\(key)\" of \(store)"
    }
  }

  /// The path or the key alone.
  public var name: String {
    switch self {
    case .file(let url): url.path
    case .key(let key, _): key
    }
  }
}

extension PersistenceLocation {
  /// The file, for a location in a file.
  public var file: URL? {
    if case .file(let url) = self { url } else { nil }
  }
}
