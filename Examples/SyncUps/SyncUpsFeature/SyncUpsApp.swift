import Foundation
import ReduxCommand
import ReduxCore
import ReduxPersistence

/// A screen of the navigation stack over the list; each shows one sync-up of the list, by id.
public enum Screen: SharesEntity, Equatable, Sendable {
  /// The detail screen.
  case detail(DetailLocal)
  /// The record screen.
  case record(RecordLocal)

  /// The sync-up the screen shows.
  public var entityID: SyncUp.ID {
    switch self {
    case .detail(let detail): detail.entityID
    case .record(let record): record.entityID
    }
  }
}

extension EnumCase where Enum == Screen, Value == DetailLocal {
  /// The detail screen's case.
  public static let detail = EnumCase(embed: Screen.detail) { screen in
    if case .detail(let detail) = screen { detail } else { nil }
  }
}

extension EnumCase where Enum == Screen, Value == RecordLocal {
  /// The record screen's case.
  public static let record = EnumCase(embed: Screen.record) { screen in
    if case .record(let record) = screen { record } else { nil }
  }
}

/// A screen of the stack joined with the sync-up it shows: what the stack's actions address.
public typealias AppScreen = Joined<SyncUp, Screen>

extension Joined where Entity == SyncUp, Local == Screen {
  /// The detail screen of `syncUp`, to push.
  public static func detail(_ syncUp: SyncUp) -> AppScreen {
    AppScreen(entity: syncUp, local: .detail(DetailLocal(entityID: syncUp.id)))
  }

  /// The record screen of `syncUp`, to push.
  public static func record(_ syncUp: SyncUp) -> AppScreen {
    AppScreen(entity: syncUp, local: .record(RecordLocal(entityID: syncUp.id)))
  }
}

/// The whole app: the list of sync-ups (the one copy of each), the add sheet, and the stack.
public struct AppState: EntityOwner, Equatable, Sendable {
  /// Every sync-up: the one copy the screens edit.
  public var syncUps: [SyncUp]
  /// The "New sync-up" sheet, while it is shown.
  public var adding: SyncUpForm?
  /// The screens pushed over the list.
  public var path = StackState<Screen>()

  /// The app showing `syncUps`.
  public init(syncUps: [SyncUp] = [], adding: SyncUpForm? = nil) {
    self.syncUps = syncUps
    self.adding = adding
  }
}

/// The user tapped + on the list: the add sheet opens with a new sync-up.
public struct AddSyncUpTapped: Action {
  /// Creates the action.
  public init() {}
}
/// The user tapped Add in the sheet: the draft joins the list.
public struct ConfirmAddSyncUp: Action {
  /// Creates the action.
  public init() {}
}

/// The app's reducer: the list, its add sheet, and the screens of the stack, each reaching its
/// sync-up in the list through `\.[joining: \.path, in: \.syncUps]`.
public func syncUpsReducer(_ environment: SyncUpsEnvironment) -> CommandReducer<AppState> {
  let screen = CommandReducer<AppScreen>.empty
    .ifCaseLet(.joined(.detail), then: syncUpDetailReducer(environment))
    .ifCaseLet(.joined(.record), then: recordMeetingReducer(environment))
  return CommandReducer<AppState>
    .on(AddSyncUpTapped.self) { state, _ in
      state.adding = SyncUpForm(
        draft: SyncUp(id: environment.uuid(), attendees: [Attendee(id: environment.uuid())]))
      return .none
    }
    .on(ConfirmAddSyncUp.self) { state, _ in
      if let form = state.adding { state.syncUps.append(form.validated) }
      state.adding = nil
      return .none
    }
    .on(StackAction<AppScreen>.self) { state, action in
      // The detail screen has already closed its confirmation; the list deletes the sync-up,
      // and the screens that showed it go with it.
      guard let (id, _) = action.element(ConfirmDelete.self),
        let syncUpID = state.path[id: id]?.entityID
      else { return .none }
      state.syncUps.removeAll { $0.id == syncUpID }
      state.path.pop(from: id)
      return .none
    }
    .ifLet(\.adding, then: syncUpFormReducer(environment))
    .forEach(\.[joining: \.path, in: \.syncUps], destination: screen)
}

/// Where the app keeps its sync-ups across launches: `sync-ups.json` in `folder`, written a
/// second after the last change (on `environment.clock`).
public func syncUpsPersistence(folder: URL, clock: any Clock<Duration>) -> PersistedState<AppState>
{
  PersistedState(
    .part(
      "syncUps", at: \.syncUps,
      StatePersistence(
        storage: .file(folder.appending(path: "sync-ups.json")), version: 1,
        debounce: .seconds(1), clock: clock)))
}
