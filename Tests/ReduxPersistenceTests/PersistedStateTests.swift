import Clocks
import Foundation
import ReduxCore
import ReduxPersistence
import Testing

/// An app whose sync-ups are kept in a file and whose settings are kept under a key.
struct Library: Sendable, Equatable {
  var books: [String] = []
  var settings = Settings()
  var isLoading = false
}

struct AddBook: Action { var title: String }
struct SetFontSize: Action { var size: Int }
struct StartLoading: Action {}

let libraryReducer = Reducer<Library>
  .on(AddBook.self) { state, action in state.books.append(action.title) }
  .on(SetFontSize.self) { state, action in state.settings.fontSize = action.size }
  .on(StartLoading.self) { state, _ in state.isLoading = true }

@Suite("PersistedState: several parts, each in its own place", .timeLimit(.minutes(1)))
struct PersistedStateTests {
  let folder: TemporaryFolder
  let memory = InMemoryStore()
  let clock = TestClock()
  var booksFile: URL { folder.url.appendingPathComponent("books.json") }

  init() throws {
    folder = try TemporaryFolder()
  }

  func persisted() -> PersistedState<Library> {
    PersistedState(
      .part(
        "books", at: \.books,
        StatePersistence(storage: .file(booksFile), version: 1, debounce: .seconds(1), clock: clock)
      ),
      .part(
        "settings", at: \.settings,
        StatePersistence(
          storage: .inMemory("settings", in: memory), version: 1, debounce: .seconds(1),
          clock: clock)))
  }

  @Test("restores every part in one call, and saves only the parts that changed")
  func roundTrip() async throws {
    let first = persisted()
    let fresh = first.restore(into: Library())
    #expect(fresh.state == Library())
    #expect(fresh.errors.isEmpty)

    let store = Store(initialState: fresh.state, reducer: libraryReducer)
    let saving = first.persist(store)
    store.dispatch(AddBook(title: "Dune"))
    store.dispatch(StartLoading())
    await clock.advance(by: .seconds(2))
    #expect(await first.flush().isEmpty)
    // Only the books changed: the settings key was never written.
    #expect(memory.keys == [])
    #expect(FileManager.default.fileExists(atPath: booksFile.path))

    store.dispatch(SetFontSize(size: 16))
    await clock.advance(by: .seconds(2))
    #expect(await first.flush().isEmpty)
    saving.cancel()

    // A relaunch restores both; the loading flag is not a part, so it starts over.
    let restored = persisted().restore(into: Library())
    #expect(restored.errors.isEmpty)
    #expect(restored.state == Library(books: ["Dune"], settings: Settings(fontSize: 16)))
  }

  @Test("a corrupt part keeps its default and names the part and file; the others restore")
  func corruptPart() async throws {
    let memorySettings = StatePersistence<Settings>(
      storage: .inMemory("settings", in: memory), version: 1)
    try memorySettings.saveNow(Settings(theme: "dark"))
    try Data("[1, 2".utf8).write(to: booksFile)

    let persisted = persisted()
    let restored = persisted.restore(into: Library(books: ["default"]))
    #expect(restored.state.settings.theme == "dark")
    #expect(restored.state.books == ["default"])
    let error = try #require(restored.errors.first)
    #expect(restored.errors.count == 1)
    #expect(error.part == "books")
    #expect(error.file == booksFile)
    #expect(
      error.description.hasPrefix("part \"books\": the state file \(booksFile.path) is corrupt"))

    // Nothing saved is deleted: the next save of that part keeps the corrupt file aside.
    let store = Store(initialState: restored.state, reducer: libraryReducer)
    let saving = persisted.persist(store)
    store.dispatch(AddBook(title: "Emma"))
    await clock.advance(by: .seconds(2))
    #expect(await persisted.flush().isEmpty)
    saving.cancel()
    let kept = folder.url.appendingPathComponent("books.json.unreadable-1")
    #expect(try Data(contentsOf: kept) == Data("[1, 2".utf8))
    #expect(persisted.restore(into: Library()).state.books == ["default", "Emma"])
  }

  @Test("a newer part is refused by name while the others restore")
  func newerPart() throws {
    try Data(#"{"state":{"theme":"dark","fontSize":3},"version":9}"#.utf8).write(
      to: folder.url.appendingPathComponent("settings.json"))
    let persisted = PersistedState<Library>(
      .part(
        "books", at: \.books, StatePersistence(storage: .inMemory("books", in: memory), version: 1)),
      .part(
        "settings", at: \.settings,
        StatePersistence(
          storage: .file(folder.url.appendingPathComponent("settings.json")), version: 2)))
    try StatePersistence<[String]>(storage: .inMemory("books", in: memory), version: 1)
      .saveNow(["Ulysses"])
    let restored = persisted.restore(into: Library())
    #expect(restored.state.books == ["Ulysses"])
    #expect(restored.errors.map(\.reason) == [.newerVersion(found: 9, supported: 2)])
    #expect(restored.errors.map(\.part) == ["settings"])
  }

  @Test("two parts in one place stop with a message that names both")
  func samePlace() async {
    await #expect(processExitsWith: .failure) {
      let memory = InMemoryStore()
      _ = PersistedState<Library>(
        .part(
          "books", at: \.books, StatePersistence(storage: .inMemory("x", in: memory), version: 1)),
        .part(
          "more", at: \.books, StatePersistence(storage: .inMemory("x", in: memory), version: 1)))
    }
  }
}
