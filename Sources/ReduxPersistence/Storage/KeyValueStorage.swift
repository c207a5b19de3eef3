import Foundation
import ReduxSeam

/// A store of bytes by key that a ``KeyValueStorage`` keeps a state in: `UserDefaults`
/// (``UserDefaultsStore``), memory (``InMemoryStore``), or your own (the Keychain, a database).
public protocol KeyValueStore: Sendable {
  /// The store's name in error messages (`UserDefaults`, `UserDefaults suite "group.app"`).
  var name: String { get }

  /// The bytes stored under `key`, or `nil`.
  func data(forKey key: String) -> Data?

  /// Stores `data` under `key`; when it throws, the previous value must stay.
  func set(_ data: Data, forKey key: String) throws
}

/// A state kept under one key of a ``KeyValueStore``. Make one with
/// ``PersistenceStorage/userDefaults(_:suiteName:)``, ``PersistenceStorage/inMemory(_:in:)`` or
/// ``PersistenceStorage/keyValue(_:in:)``.
///
/// A value that cannot be restored is kept under `<key>.unreadable-N` before the next save
/// replaces it. A store that refuses a write (throws) gives a
/// ``PersistenceError/Reason/refused(_:)`` error and keeps its previous value.
public struct KeyValueStorage: PersistenceStorage {
  /// The key the state is stored under.
  public let key: String
  /// The store that holds it.
  public let store: any KeyValueStore

  /// A storage for `key` of `store`.
  public init(key: String, store: any KeyValueStore) {
    self.key = key
    self.store = store
  }

  /// The key and its store.
  public var location: PersistenceLocation { .key(key, store: store.name) }

  /// The bytes under the key, or `nil`.
  public func read() throws(PersistenceError) -> Data? {
    store.data(forKey: key)
  }

  /// Stores the bytes under the key; a store that throws keeps its previous value.
  public func write(_ data: Data) throws(PersistenceError) {
    do {
      try store.set(data, forKey: key)
    } catch {
      throw PersistenceError(.refused("\(error)"), location: location)
    }
  }

  /// `<key>.unreadable-N`, the first N with nothing stored under it.
  public func nextKeptLocation() -> PersistenceLocation {
    var number = 1
    while store.data(forKey: keptKey(number)) != nil { number += 1 }
    return .key(keptKey(number), store: store.name)
  }

  /// Copies the value to `destination`'s key, or to the next free one if that is taken; the
  /// value under ``key`` stays until the next write replaces it.
  public func keepAside(at destination: PersistenceLocation) throws(PersistenceError)
    -> PersistenceLocation?
  {
    guard let data = store.data(forKey: key) else { return nil }
    let isFree =
      if case .key(let kept, _) = destination { store.data(forKey: kept) == nil } else { false }
    let destination = isFree ? destination : nextKeptLocation()
    do {
      try store.set(data, forKey: destination.name)
    } catch {
      throw PersistenceError(.refused("\(error)"), location: location, keptAs: destination)
    }
    return destination
  }

  private func keptKey(_ number: Int) -> String { "\(key).unreadable-\(number)" }
}

/// `UserDefaults` as a ``KeyValueStore``, on Apple platforms and Linux.
///
/// Each call takes a lock around the defaults object: on Linux `UserDefaults` is not
/// `Sendable`.
public final class UserDefaultsStore: KeyValueStore {
  private let defaults: Lock<UserDefaults>
  /// `UserDefaults`, or `UserDefaults suite "<name>"`.
  public let name: String

  /// The standard defaults, or those of the suite `suiteName`.
  public init(suiteName: String? = nil) {
    defaults = Lock(suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard)
    name = suiteName.map { "UserDefaults suite \"\($0)\"" } ?? "UserDefaults"
  }

  /// The data stored under `key`, or `nil`.
  public func data(forKey key: String) -> Data? {
    defaults.withLock { $0.data(forKey: key) }
  }

  /// Stores `data` under `key`.
  public func set(_ data: Data, forKey key: String) {
    defaults.withLock { $0.set(data, forKey: key) }
  }
}

/// A ``KeyValueStore`` in memory, for tests and previews: share one between two persistences
/// to play a relaunch, or set a value to play a file left by an older version.
public final class InMemoryStore: KeyValueStore {
  private let values: Lock<[String: Data]>

  /// A store holding `values`.
  public init(_ values: [String: Data] = [:]) {
    self.values = Lock(values)
  }

  /// `memory`.
  public var name: String { "memory" }

  /// The data stored under `key`, or `nil`.
  public func data(forKey key: String) -> Data? {
    values.withLock { $0[key] }
  }

  /// Stores `data` under `key`.
  public func set(_ data: Data, forKey key: String) {
    values.withLock { $0[key] = data }
  }

  /// Every key with a value, sorted.
  public var keys: [String] { values.withLock { $0.keys.sorted() } }
}

extension PersistenceStorage where Self == FileStorage {
  /// The file at `url`; its folder must exist.
  public static func file(_ url: URL) -> FileStorage { FileStorage(url: url) }
}

extension PersistenceStorage where Self == KeyValueStorage {
  /// The key `key` of the standard `UserDefaults`, or those of the suite `suiteName`.
  public static func userDefaults(_ key: String, suiteName: String? = nil) -> KeyValueStorage {
    KeyValueStorage(key: key, store: UserDefaultsStore(suiteName: suiteName))
  }

  /// The key `key` of `store`, in memory: for tests and previews.
  public static func inMemory(_ key: String, in store: InMemoryStore = InMemoryStore())
    -> KeyValueStorage
  {
    KeyValueStorage(key: key, store: store)
  }

  /// The key `key` of `store`.
  public static func keyValue(_ key: String, in store: any KeyValueStore) -> KeyValueStorage {
    KeyValueStorage(key: key, store: store)
  }
}
