import Clocks
import Foundation
import ReduxCore
import ReduxPersistence
import Testing

@Suite("StatePersistence", .timeLimit(.minutes(1)))
struct StatePersistenceTests {
  let folder: TemporaryFolder
  var directory: URL { folder.url }
  var file: URL { directory.appendingPathComponent("state.json") }

  init() throws {
    folder = try TemporaryFolder()
  }

  func persistence(
    version: Int = 2, clock: TestClock<Duration> = TestClock(),
    migrate: StatePersistence<Counter>.Migration? = nil
  ) -> StatePersistence<Counter> {
    StatePersistence(
      storage: .file(file), version: version, debounce: .seconds(1), clock: clock, migrate: migrate)
  }

  func contents() throws -> String { try String(contentsOf: file, encoding: .utf8) }

  @Test("restores nothing when there is no file, then what was saved")
  func roundTrip() throws {
    let persistence = persistence()
    #expect(try persistence.restore() == nil)
    try persistence.saveNow(Counter(count: 3, step: 2))
    #expect(try persistence.restore() == Counter(count: 3, step: 2))
    #expect(try contents().contains("\"version\":2"))
  }

  @Test("saves once, with the latest state, after the debounce interval of quiet")
  func debouncedSave() async throws {
    let clock = TestClock()
    let persistence = persistence(clock: clock)
    persistence.save(Counter(count: 1))
    await clock.advance(by: .milliseconds(600))
    persistence.save(Counter(count: 2))
    await clock.advance(by: .milliseconds(600))
    // 1.2 s after the first save but only 0.6 s after the second: nothing written yet.
    #expect(!FileManager.default.fileExists(atPath: file.path))

    // Past the second save's deadline (a little past, so a late-starting wait still wakes).
    await clock.advance(by: .milliseconds(500))
    try await persistence.flush()
    #expect(try persistence.restore() == Counter(count: 2))
  }

  @Test("saving now replaces a pending debounced save, which then never lands")
  func saveNowWins() async throws {
    let clock = TestClock()
    let persistence = persistence(clock: clock)
    persistence.save(Counter(count: 1))
    try persistence.saveNow(Counter(count: 2))
    await clock.advance(by: .milliseconds(1_100))
    try await persistence.flush()
    #expect(try persistence.restore() == Counter(count: 2))
  }

  @Test("persists a store's changes, debounced, and a fresh store starts from them")
  func persistStore() async throws {
    let clock = TestClock()
    let persistence = persistence(clock: clock)
    let store = Store(initialState: Counter(), reducer: counterReducer)
    let subscription = persistence.persist(store)
    store.dispatch(Increment())
    store.dispatch(Increment())
    await clock.advance(by: .milliseconds(1_100))
    try await persistence.flush()
    subscription.cancel()

    let restored = try #require(try persistence.restore())
    let next = Store(initialState: restored, reducer: counterReducer)
    #expect(next.state.count == 2)
  }

  @Test("an older file goes through the migration hook with its version")
  func migratesOlderFile() throws {
    try #"{"state":{"value":7},"version":1}"#.write(to: file, atomically: true, encoding: .utf8)
    struct OldCounter: Decodable { var value: Int }
    let persistence = persistence { json, version in
      #expect(version == 1)
      return Counter(count: try JSONDecoder().decode(OldCounter.self, from: json).value)
    }
    #expect(try persistence.restore() == Counter(count: 7))
  }

  @Test("an older file without a migration is a typed error")
  func olderWithoutMigration() throws {
    try #"{"state":{"value":7},"version":1}"#.write(to: file, atomically: true, encoding: .utf8)
    #expect {
      try persistence().restore()
    } throws: { error in
      (error as? PersistenceError)?.reason == .noMigration(from: 1)
    }
  }

  @Test("a file from a newer version is refused, and kept aside rather than overwritten")
  func newerFileIsKept() throws {
    let newer = #"{"state":{"count":1,"extra":true},"version":3}"#
    try newer.write(to: file, atomically: true, encoding: .utf8)
    let persistence = persistence()
    let error = try #require(throws: PersistenceError.self) { try persistence.restore() }
    #expect(error.reason == .newerVersion(found: 3, supported: 2))
    #expect(try contents() == newer)

    try persistence.saveNow(Counter(count: 9))
    let aside = try String(contentsOf: try #require(error.keptAs?.file), encoding: .utf8)
    #expect(aside == newer)
    #expect(try persistence.restore() == Counter(count: 9))
  }

  @Test("a corrupt or truncated file is a typed error and stays on disk")
  func corruptFile() throws {
    let persistence = persistence()
    try persistence.saveNow(Counter(count: 4))
    let whole = try contents()
    for broken in [String(whole.dropLast(5)), "not json", #"{"version":2}"#] {
      try broken.write(to: file, atomically: true, encoding: .utf8)
      #expect {
        try persistence.restore()
      } throws: { error in
        guard case .corruptFile = (error as? PersistenceError)?.reason else { return false }
        return true
      }
      #expect(try contents() == broken)
    }
  }

  @Test("a failed debounced write is reported by flush, naming the file and what to do")
  func failedWriteIsReported() async throws {
    let clock = TestClock()
    let missing = directory.appendingPathComponent("missing/state.json")
    let persistence = StatePersistence<Counter>(
      storage: .file(missing), version: 1, debounce: .seconds(1), clock: clock)
    persistence.save(Counter())
    await clock.advance(by: .milliseconds(1_100))
    let error = try await #require(throws: PersistenceError.self) { try await persistence.flush() }
    #expect(error.reason == .fileSystem(.write, code: ENOENT))
    #expect(error.file == missing)
    #expect(
      error.description
        == "could not write \(missing.path): No such file or directory; create the folder "
        + "\(directory.appendingPathComponent("missing").path), or pass another file:")
  }

  @Test("after a failed save, flush reports the later save that succeeded, not the failure")
  func successAfterFailureIsReported() async throws {
    /// Encodes only while `fails` is false.
    struct Draft: Codable, Sendable, Equatable {
      var text: String
      var fails = false
      enum CodingKeys: CodingKey { case text }
      init(text: String, fails: Bool = false) {
        self.text = text
        self.fails = fails
      }
      init(from decoder: any Decoder) throws {
        text = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .text)
      }
      func encode(to encoder: any Encoder) throws {
        if fails {
          throw EncodingError.invalidValue(text, .init(codingPath: [], debugDescription: "no"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
      }
    }
    let clock = TestClock()
    let persistence = StatePersistence<Draft>(
      storage: .file(file), version: 1, debounce: .seconds(1), clock: clock)
    persistence.save(Draft(text: "lost", fails: true))
    await clock.advance(by: .milliseconds(1_100))
    persistence.save(Draft(text: "kept"))
    await clock.advance(by: .milliseconds(1_100))
    try await persistence.flush()
    #expect(try persistence.restore() == Draft(text: "kept"))

    // The failure of the latest save is still reported, once.
    persistence.save(Draft(text: "lost again", fails: true))
    await clock.advance(by: .milliseconds(1_100))
    await #expect(throws: PersistenceError.self) { try await persistence.flush() }
    try await persistence.flush()
  }

  @Test("with maxWait, a state that keeps changing is written that long after its first change")
  func maxWaitWritesDuringABurst() async throws {
    let clock = TestClock()
    let persistence = StatePersistence<Counter>(
      storage: .file(file), version: 1, debounce: .seconds(1), maxWait: .seconds(3), clock: clock)
    // A change every 0.6 s keeps restarting the 1 s debounce.
    for count in 1...5 {
      persistence.save(Counter(count: count))
      await clock.advance(by: .milliseconds(600))
    }
    // 3 s after the first change, the state saved last by then (count 5, at 2.4 s) is on disk
    // (a little past, so that a wait that started late still wakes).
    await clock.advance(by: .milliseconds(100))
    try await persistence.flush()
    #expect(try persistence.restore() == Counter(count: 5))

    // The next burst starts its own wait; without more changes the debounce writes it.
    persistence.save(Counter(count: 6))
    await clock.advance(by: .milliseconds(900))
    #expect(try persistence.restore() == Counter(count: 5))
    await clock.advance(by: .milliseconds(200))
    try await persistence.flush()
    #expect(try persistence.restore() == Counter(count: 6))
  }

  @Test("without maxWait, a state that keeps changing is not written until it stops")
  func debounceWaitsForQuiet() async throws {
    let clock = TestClock()
    let persistence = persistence(clock: clock)
    for count in 1...10 {
      persistence.save(Counter(count: count))
      await clock.advance(by: .milliseconds(600))
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))
    await clock.advance(by: .milliseconds(500))
    try await persistence.flush()
    #expect(try persistence.restore() == Counter(count: 10))
  }
}
