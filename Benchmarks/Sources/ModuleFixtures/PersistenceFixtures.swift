import Foundation
import ReduxCore
import ReduxPersistence

// Benchmark 18: what a persisted part costs a dispatch. An app state with a part worth keeping
// (the settings) and a counter that is not kept; the part is saved to memory, debounced for an
// hour, so nothing is written while the dispatches are measured.

/// The part that is kept.
public struct KeptSettings: Codable, Equatable, Sendable {
  /// A name.
  public var theme = "light"
  /// A number the benchmark changes.
  public var size = 12
}

/// The app: the kept settings, and a counter that is not kept.
public struct PersistedApp: Equatable, Sendable {
  /// The kept part.
  public var settings = KeptSettings()
  /// Not kept.
  public var count = 0
}

/// Changes the counter only: the kept part is unchanged.
public struct BumpCount: Action {
  /// The action.
  public init() {}
}

/// Changes the kept part: every dispatch asks for a save.
public struct Resize: Action {
  /// The action.
  public init() {}
}

/// Counts on `BumpCount`, grows the kept size on `Resize`.
public let persistedAppReducer = Reducer<PersistedApp>
  .on(BumpCount.self) { state, _ in state.count += 1 }
  .on(Resize.self) { state, _ in state.settings.size += 1 }

/// How the store under measurement watches its state.
public enum PersistedAppObserver: Sendable {
  /// Nothing watches it.
  case none
  /// A plain subscriber of the settings, which does nothing with them: the baseline of one
  /// observer of the part.
  case subscriber
  /// A `StatePersistence` of the settings, debounced an hour on the continuous clock.
  case persistence
}

/// A store of `PersistedApp` watched as `observer` says, and what keeps the watching alive.
public func makePersistedAppStore(_ observer: PersistedAppObserver) -> (
  Store<PersistedApp>, Subscription?
) {
  let store = Store(initialState: PersistedApp(), reducer: persistedAppReducer)
  switch observer {
  case .none:
    return (store, nil)
  case .subscriber:
    return (store, store.subscribe(select: { $0.settings }, { _ in }))
  case .persistence:
    let persistence = StatePersistence<KeptSettings>(
      storage: .inMemory("settings"), version: 1, debounce: .seconds(3_600))
    return (store, persistence.persist(store, part: { $0.settings }))
  }
}

/// One record of a large saved state: about 1 KB of JSON.
public struct SavedNote: Codable, Equatable, Sendable {
  /// Its number.
  public var id: Int
  /// A short text.
  public var title: String
  /// About 1 KB of text.
  public var body: String
  /// A few words.
  public var tags: [String]
}

/// A state file of about `megabytes` MB in a new temporary folder, and the persistence that
/// restores it: 18r's restore of a large file.
public func makeLargeStateFile(megabytes: Int) throws -> StatePersistence<[SavedNote]> {
  let folder = FileManager.default.temporaryDirectory
    .appending(path: "redux-persistence-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let persistence = StatePersistence<[SavedNote]>(
    storage: .file(folder.appending(path: "notes.json")), version: 1)
  let body = String(repeating: "lorem ipsum dolor sit amet ", count: 36)
  let notes = (0..<(megabytes * 1_000)).map { index in
    SavedNote(id: index, title: "Note \(index)", body: body, tags: ["work", "2026", "draft"])
  }
  try persistence.saveNow(notes)
  return persistence
}
