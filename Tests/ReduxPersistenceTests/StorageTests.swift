import Foundation
import ReduxCore
import ReduxPersistence
import ReduxSeam
import Testing

/// A key-value store that refuses writes while told to, as a full or locked store would.
final class RefusingStore: KeyValueStore {
  struct Full: Error, CustomStringConvertible {
    var description: String { "the store is full" }
  }

  let memory = InMemoryStore()
  private let refusing = Collected(false)

  var name: String { "a refusing store" }
  var isRefusing: Bool {
    get { refusing.value }
    set { refusing.value = newValue }
  }

  func data(forKey key: String) -> Data? { memory.data(forKey: key) }

  func set(_ data: Data, forKey key: String) throws {
    if isRefusing { throw Full() }
    memory.set(data, forKey: key)
  }
}

/// A value behind a lock, for a test's shared flag.
final class Collected<Value: Sendable>: Sendable {
  private let storage: Lock<Value>
  init(_ value: Value) { storage = Lock(value) }
  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

@Suite("Storages: files, key-value stores, memory")
struct StorageTests {
  @Test("an in-memory key round-trips, and a second persistence on the store restores it")
  func inMemoryRoundTrip() throws {
    let memory = InMemoryStore()
    let first = StatePersistence<Counter>(storage: .inMemory("counter", in: memory), version: 1)
    #expect(try first.restore() == nil)
    try first.saveNow(Counter(count: 4))
    // A relaunch: a new persistence on the same store.
    let second = StatePersistence<Counter>(storage: .inMemory("counter", in: memory), version: 1)
    #expect(try second.restore() == Counter(count: 4))
    #expect(second.location == .key("counter", store: "memory"))
  }

  @Test("an unreadable value is kept under its own key before the next save replaces it")
  func unreadableValueKept() throws {
    let memory = InMemoryStore(["counter": Data("{\"state\":".utf8)])
    let persistence = StatePersistence<Counter>(
      storage: .inMemory("counter", in: memory), version: 1)
    let error = try #require(throws: PersistenceError.self) { try persistence.restore() }
    #expect(error.keptAs == .key("counter.unreadable-1", store: "memory"))
    #expect(error.description.hasPrefix("the key \"counter\" of memory is corrupt (not valid JSON"))
    // Nothing is changed by reading.
    #expect(memory.keys == ["counter"])

    try persistence.saveNow(Counter(count: 1))
    #expect(memory.keys == ["counter", "counter.unreadable-1"])
    #expect(memory.data(forKey: "counter.unreadable-1") == Data("{\"state\":".utf8))
    #expect(try persistence.restore() == Counter(count: 1))
  }

  @Test("a store that refuses a write gives a typed error and keeps the previous value")
  func refusedWrite() async throws {
    let store = RefusingStore()
    let persistence = StatePersistence<Counter>(
      storage: .keyValue("counter", in: store), version: 1, debounce: .zero)
    try persistence.saveNow(Counter(count: 1))

    store.isRefusing = true
    let error = try #require(throws: PersistenceError.self) {
      try persistence.saveNow(Counter(count: 2))
    }
    #expect(error.reason == .refused("the store is full"))
    #expect(
      error.description
        == "the key \"counter\" of a refusing store refused the write (the store is full); it "
        + "keeps the previous value, and the next save tries again")
    #expect(try persistence.restore() == Counter(count: 1))

    // A debounced save's refusal is reported by flush, and the next save succeeds.
    persistence.save(Counter(count: 3))
    await #expect(throws: PersistenceError.self) { try await persistence.flush() }
    store.isRefusing = false
    persistence.save(Counter(count: 4))
    try await persistence.flush()
    #expect(try persistence.restore() == Counter(count: 4))
  }

  @Test("UserDefaults keeps the state across two persistences of one suite")
  func userDefaults() throws {
    let suite = "redux-persistence-tests-\(UUID().uuidString)"
    defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
    let first = StatePersistence<Counter>(
      storage: .userDefaults("counter", suiteName: suite), version: 1)
    #expect(try first.restore() == nil)
    try first.saveNow(Counter(count: 7, step: 2))
    let second = StatePersistence<Counter>(
      storage: .userDefaults("counter", suiteName: suite), version: 1)
    #expect(try second.restore() == Counter(count: 7, step: 2))
    #expect(second.location.description == "the key \"counter\" of UserDefaults suite \"\(suite)\"")
  }

  @Test("a state file an earlier release wrote restores with every value")
  func writtenEarlier() throws {
    let file = URL(filePath: #filePath).deletingLastPathComponent()
      .appending(path: "Written/state-v1.json")
    var expected = Everything()
    expected.text = "second"
    expected.missing = 7
    let persistence = StatePersistence<Everything>(storage: .file(file), version: 1)
    #expect(try persistence.restore() == expected)
  }
}
