import Foundation
import ReduxCommand
import ReduxCore

/// The detail screen's own state: which sync-up it shows, its edit sheet and its delete
/// confirmation. The sync-up itself stays in the list (`AppState.syncUps`); the screen's reducer
/// reaches it through `SyncUpDetail`, so an edit here is an edit there, with no copy-back.
public struct DetailLocal: SharesEntity, Equatable, Sendable {
  /// The sync-up the screen shows.
  public var entityID: SyncUp.ID
  /// The edit sheet, while it is shown.
  public var editing: SyncUpForm?
  /// The "Delete this sync-up?" confirmation, while it is shown.
  public var isConfirmingDelete = false

  /// The screen of the sync-up `entityID`.
  public init(entityID: SyncUp.ID, editing: SyncUpForm? = nil, isConfirmingDelete: Bool = false) {
    self.entityID = entityID
    self.editing = editing
    self.isConfirmingDelete = isConfirmingDelete
  }
}

/// The detail screen's state: the list's sync-up joined with the screen's own state.
public typealias SyncUpDetail = Joined<SyncUp, DetailLocal>

/// The user tapped Edit: the edit sheet opens with a draft of the sync-up.
public struct EditTapped: Action {
  /// Creates the action.
  public init() {}
}
/// The user tapped Done in the edit sheet: the draft replaces the sync-up in the list.
public struct DoneEditing: Action {
  /// Creates the action.
  public init() {}
}
/// The user closed the edit sheet without saving.
public struct CancelEditing: Action {
  /// Creates the action.
  public init() {}
}
/// The user tapped Delete: the screen asks for confirmation.
public struct DeleteTapped: Action {
  /// Creates the action.
  public init() {}
}
/// The user confirmed the deletion: the list removes the sync-up and pops the screen.
public struct ConfirmDelete: Action {
  /// Creates the action.
  public init() {}
}
/// The user kept the sync-up.
public struct CancelDelete: Action {
  /// Creates the action.
  public init() {}
}

/// The detail screen's reducer: the edit sheet and the delete confirmation. The list, not this
/// screen, removes a deleted sync-up (see `syncUpsReducer`).
public func syncUpDetailReducer(_ environment: SyncUpsEnvironment) -> CommandReducer<SyncUpDetail> {
  CommandReducer<SyncUpDetail>
    .on(EditTapped.self) { detail, _ in
      detail.editing = SyncUpForm(draft: detail.entity)
      return .none
    }
    .on(DoneEditing.self) { detail, _ in
      if let form = detail.editing { detail.entity = form.validated }
      detail.editing = nil
      return .none
    }
    .on(CancelEditing.self) { detail, _ in
      detail.editing = nil
      return .none
    }
    .on(DeleteTapped.self) { detail, _ in
      detail.isConfirmingDelete = true
      return .none
    }
    .on(ConfirmDelete.self) { detail, _ in
      detail.isConfirmingDelete = false
      return .none
    }
    .on(CancelDelete.self) { detail, _ in
      detail.isConfirmingDelete = false
      return .none
    }
    .ifLet(\.editing, then: syncUpFormReducer(environment))
}
