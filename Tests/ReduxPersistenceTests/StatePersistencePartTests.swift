import Clocks
import Foundation
import ReduxCore
import ReduxPersistence
import Testing

/// An app state of which only the settings are worth keeping.
struct AppState: Sendable, Equatable {
  var settings = Settings()
  var isLoading = false
  var results: [String] = []
}

struct Settings: Sendable, Codable, Equatable {
  var theme = "light"
  var fontSize = 12
}

/// A part that is not Equatable, saved through a projection.
struct SavedLook: Sendable, Codable {
  var theme: String
}

struct SetTheme: Action { var theme: String }
struct LoadingStarted: Action {}
struct ResultsArrived: Action { var results: [String] }

let appReducer = Reducer<AppState>
  .on(SetTheme.self) { state, action in state.settings.theme = action.theme }
  .on(LoadingStarted.self) { state, _ in state.isLoading = true }
  .on(ResultsArrived.self) { state, action in
    state.isLoading = false
    state.results = action.results
  }

@Suite("StatePersistence of a part of the state")
struct StatePersistencePartTests {
  let folder: TemporaryFolder
  var file: URL { folder.url.appendingPathComponent("settings.json") }

  init() throws {
    folder = try TemporaryFolder()
  }

  func contents() throws -> String { try String(contentsOf: file, encoding: .utf8) }

  @Test("saves the part when it changes, and nothing when only the rest of the state changes")
  func persistsOnlyThePart() async throws {
    let clock = TestClock()
    let persistence = StatePersistence<Settings>(
      storage: .file(file), version: 1, debounce: .seconds(1), clock: clock)
    let store = Store(initialState: AppState(), reducer: appReducer)
    let saving = persistence.persist(store, part: \.settings)

    store.dispatch(LoadingStarted())
    store.dispatch(ResultsArrived(results: ["a", "b"]))
    await clock.advance(by: .seconds(2))
    try await persistence.flush()
    #expect(!FileManager.default.fileExists(atPath: file.path))

    store.dispatch(SetTheme(theme: "dark"))
    await clock.advance(by: .seconds(2))
    try await persistence.flush()
    #expect(try contents() == #"{"state":{"fontSize":12,"theme":"dark"},"version":1}"#)
    saving.cancel()
  }

  @Test("restores the saved part into a default state, keeping the rest of it")
  func restoresIntoDefault() throws {
    let persistence = StatePersistence<Settings>(storage: .file(file), version: 1)
    try persistence.saveNow(Settings(theme: "dark", fontSize: 16))
    let defaults = AppState(isLoading: true, results: ["kept"])

    let start = (try? persistence.restore(into: defaults, at: \.settings)) ?? defaults
    #expect(
      start
        == AppState(
          settings: Settings(theme: "dark", fontSize: 16), isLoading: true,
          results: ["kept"]))
  }

  @Test("without a file, restoring into a default state returns it as it is")
  func restoreWithoutFile() throws {
    let persistence = StatePersistence<Settings>(storage: .file(file), version: 1)
    #expect(try persistence.restore(into: AppState(), at: \.settings) == AppState())
  }

  @Test("a file that cannot be read is an error naming it, and `try?` falls back to the default")
  func corruptFileFallsBack() throws {
    try Data("{\"state\":".utf8).write(to: file)
    let persistence = StatePersistence<Settings>(storage: .file(file), version: 1)
    #expect {
      _ = try persistence.restore(into: AppState(), at: \.settings)
    } throws: { error in
      guard let error = error as? PersistenceError, case .corruptFile = error.reason else {
        return false
      }
      return error.file == file
    }
    #expect(
      ((try? persistence.restore(into: AppState(), at: \.settings)) ?? AppState()) == AppState())
  }

  @Test(
    "a projection saves a part that is not Equatable on each change, and restores through a closure"
  )
  func projection() async throws {
    let clock = TestClock()
    let persistence = StatePersistence<SavedLook>(
      storage: .file(file), version: 1, debounce: .seconds(1), clock: clock)
    let store = Store(initialState: AppState(), reducer: appReducer)
    let saving = persistence.persist(store, part: { SavedLook(theme: $0.settings.theme) })
    store.dispatch(SetTheme(theme: "sepia"))
    await clock.advance(by: .seconds(2))
    try await persistence.flush()
    saving.cancel()

    let start = try persistence.restore(into: AppState()) { state, saved in
      state.settings.theme = saved.theme
    }
    #expect(start.settings == Settings(theme: "sepia", fontSize: 12))
    #expect(try contents() == #"{"state":{"theme":"sepia"},"version":1}"#)
  }
}
