import Foundation
import ReduxCore
import ReduxPersistence
import Testing

@Suite("StatePersistence files")
struct StatePersistenceFileTests {
  let folder: TemporaryFolder
  var directory: URL { folder.url }
  var file: URL { directory.appendingPathComponent("state.json") }

  init() throws {
    folder = try TemporaryFolder()
  }

  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  @Test("every unreadable file is kept under the next number, and the error says where")
  func everyUnreadableFileIsKept() throws {
    let legacy = "kept by an earlier version"
    try legacy.write(
      to: file.appendingPathExtension("unreadable"), atomically: true, encoding: .utf8)
    let newer = #"{"state":{"count":1},"version":3}"#
    try newer.write(to: file, atomically: true, encoding: .utf8)
    let persistence = StatePersistence<Counter>(storage: .file(file), version: 2)

    let first = try #require(throws: PersistenceError.self) { try persistence.restore() }
    #expect(first.keptAs == .file(directory.appendingPathComponent("state.json.unreadable-1")))
    #expect(
      first.description.hasSuffix("(the next save keeps it as \(file.path).unreadable-1)"))
    try persistence.saveNow(Counter(count: 2))

    try "damaged later".write(to: file, atomically: true, encoding: .utf8)
    let second = try #require(throws: PersistenceError.self) { try persistence.restore() }
    #expect(second.keptAs == .file(directory.appendingPathComponent("state.json.unreadable-2")))
    try persistence.saveNow(Counter(count: 3))

    #expect(
      try names() == [
        "state.json", "state.json.unreadable", "state.json.unreadable-1", "state.json.unreadable-2",
      ])
    #expect(try text("state.json.unreadable") == legacy)
    #expect(try text("state.json.unreadable-1") == newer)
    #expect(try text("state.json.unreadable-2") == "damaged later")
    #expect(try persistence.restore() == Counter(count: 3))
  }

  @Test("a save killed before its rename leaves nothing behind once the file is read again")
  func killedSaveIsCleanedUp() async throws {
    let path = directory.path
    // The child saves a large state over and over and kills itself with SIGKILL as soon as a
    // save's temporary file appears, so the kill lands in the middle of a save.
    await #expect(processExitsWith: .signal(SIGKILL)) { [path = path as String] in
      let file = URL(fileURLWithPath: path).appendingPathComponent("state.json")
      let persistence = StatePersistence<Counter>(storage: .file(file), version: 1)
      try persistence.saveNow(Counter(count: 1))
      let line = String(repeating: "x", count: 1_000)
      let large = Counter(count: 2, log: Array(repeating: line, count: 20_000))
      Thread { while true { try? persistence.saveNow(large) } }.start()
      while true {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        if names.contains(where: { $0 != "state.json" }) { kill(getpid(), SIGKILL) }
        sched_yield()
      }
    }
    let leftovers = try names().filter { $0 != "state.json" }
    try #require(!leftovers.isEmpty, "the kill did not interrupt a save")

    let restored = try #require(
      try StatePersistence<Counter>(storage: .file(file), version: 1).restore())
    #expect([1, 2].contains(restored.count))
    #expect(try names() == ["state.json"])
  }

  @Test("the temporary file of a save in progress elsewhere is left alone")
  func liveSaveIsLeftAlone() async throws {
    let persistence = StatePersistence<Counter>(storage: .file(file), version: 1)
    let live = directory.appendingPathComponent(".state.json.saving-live")
    let abandoned = directory.appendingPathComponent(".state.json.saving-abandoned")
    try "half a state".write(to: abandoned, atomically: false, encoding: .utf8)
    // A save in another process holds the lock on its temporary file until it has renamed it.
    // O_CLOEXEC, as the library's own saves: a child process another test spawns meanwhile
    // would otherwise inherit the descriptor, and with it the lock, past the close below.
    let descriptor = open(live.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    try #require(descriptor >= 0)
    try #require(flock(descriptor, LOCK_EX) == 0)

    try persistence.saveNow(Counter(count: 1))
    #expect(try names() == [".state.json.saving-live", "state.json"])

    close(descriptor)
    #expect(try persistence.restore() == Counter(count: 1))
    // A process another test spawns at this moment (an exit test) shares the descriptor until
    // its exec closes it, and with it the lock: until then the file is rightly left alone, so
    // restore again for a while.
    let deadline = ContinuousClock.now + .seconds(2)
    while try names() != ["state.json"], ContinuousClock.now < deadline {
      _ = try persistence.restore()
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(try names() == ["state.json"])
  }

  @Test("a file that cannot be read is an error naming it and what to do")
  func unreadableFileIsNamed() throws {
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
    let error = try #require(throws: PersistenceError.self) {
      try StatePersistence<Counter>(storage: .file(file), version: 1).restore()
    }
    #expect(error.reason == .fileSystem(.read, code: EISDIR))
    #expect(error.file == file)
    #expect(
      error.description.hasPrefix(
        "could not read \(file.path): Is a directory; it is a folder; pass the path of a file"))
  }

  @Test("a state that cannot be encoded is an error, and the file on disk stays as it was")
  func unencodableState() throws {
    struct Measure: Codable, Sendable { var value: Double }
    let persistence = StatePersistence<Measure>(storage: .file(file), version: 1)
    try persistence.saveNow(Measure(value: 1))
    let saved = try text("state.json")
    let error = try #require(throws: PersistenceError.self) {
      try persistence.saveNow(Measure(value: .nan))
    }
    guard case .encodingFailed(let detail) = error.reason else {
      Issue.record("expected an encoding failure, got \(error.reason)")
      return
    }
    #expect(detail.hasPrefix("cannot encode the value at state.value"))
    #expect(try text("state.json") == saved)
  }

  @Test(
    "a named pipe at the state file's path is a typed error naming it, not a read that hangs",
    .timeLimit(.minutes(1)))
  func namedPipeAtTheStateFile() throws {
    #expect(mkfifo(file.path, 0o600) == 0)
    let persistence = StatePersistence<Counter>(storage: .file(file), version: 1)
    let error = try #require(throws: PersistenceError.self) { try persistence.restore() }
    #expect(error.reason == .notAFile("a named pipe (FIFO)"))
    #expect(error.file == file)
    #expect(
      error.description.hasPrefix(
        "the state file \(file.path) is a named pipe (FIFO), not a regular file; remove it"))
    // The next save keeps the pipe aside and writes the state, without blocking either.
    try persistence.saveNow(Counter(count: 2))
    #expect(try persistence.restore() == Counter(count: 2))
    #expect(try names() == ["state.json", "state.json.unreadable-1"])
  }

  @Test(
    "a named pipe under a temporary file's name is left alone, and restore and save go on",
    .timeLimit(.minutes(1)))
  func namedPipeAtATemporaryName() async throws {
    let pipe = ".state.json.saving-00000000-0000-0000-0000-000000000000"
    #expect(mkfifo(directory.appendingPathComponent(pipe).path, 0o600) == 0)
    let persistence = StatePersistence<Counter>(storage: .file(file), version: 1)
    #expect(try persistence.restore() == nil)
    let fresh = StatePersistence<Counter>(storage: .file(file), version: 1, debounce: .zero)
    fresh.save(Counter(count: 3))
    try await fresh.flush()
    #expect(try fresh.restore() == Counter(count: 3))
    #expect(try names() == [pipe, "state.json"])
  }

  @Test("a failed saveNow is thrown to its caller once, not again by flush")
  func saveNowFailureIsThrownOnce() async throws {
    struct Measure: Codable, Sendable { var value: Double }
    let persistence = StatePersistence<Measure>(storage: .file(file), version: 1)
    #expect(throws: PersistenceError.self) { try persistence.saveNow(Measure(value: .nan)) }
    try await persistence.flush()
  }
}
