import Foundation
import ReduxCommand
import ReduxCore

/// The form that adds a sync-up (a sheet over the list) or edits one (a sheet over its detail
/// screen): a draft, applied only when the user confirms.
public struct SyncUpForm: Equatable, Sendable {
  /// The sync-up as the form shows it; the list's copy changes only when the user confirms.
  public var draft: SyncUp

  /// A form over `draft`.
  public init(draft: SyncUp) {
    self.draft = draft
  }

  /// The draft as it is saved: attendees without a name are left out; a sync-up keeps at
  /// least one attendee.
  public var validated: SyncUp {
    var syncUp = draft
    let named = syncUp.attendees.filter { !$0.name.trimmingCharacters(in: .whitespaces).isEmpty }
    syncUp.attendees = named.isEmpty ? Array(syncUp.attendees.prefix(1)) : named
    return syncUp
  }
}

/// The user typed the sync-up's title.
public struct SetTitle: Action {
  /// The new title.
  public var title: String
  /// Sets the title to `title`.
  public init(_ title: String) { self.title = title }
}

/// The user set the meeting's length, in minutes (at least one).
public struct SetMinutes: Action {
  /// The new length.
  public var minutes: Int
  /// Sets the length to `minutes`.
  public init(_ minutes: Int) { self.minutes = minutes }
}

/// The user added an attendee row.
public struct AddAttendee: Action {
  /// Creates the action.
  public init() {}
}

/// The user typed the name of the attendee in row `index`.
public struct SetAttendeeName: Action {
  /// The row.
  public var index: Int
  /// The new name.
  public var name: String
  /// Names the attendee in row `index`.
  public init(_ index: Int, _ name: String) {
    self.index = index
    self.name = name
  }
}

/// The user removed the attendee in row `index`.
public struct RemoveAttendee: Action {
  /// The row.
  public var index: Int
  /// Removes row `index`.
  public init(_ index: Int) { self.index = index }
}

/// The form's reducer; its only dependency is new attendees' ids (`environment.uuid`).
public func syncUpFormReducer(_ environment: SyncUpsEnvironment) -> CommandReducer<SyncUpForm> {
  CommandReducer<SyncUpForm>
    .on(SetTitle.self) { form, action in
      form.draft.title = action.title
      return .none
    }
    .on(SetMinutes.self) { form, action in
      form.draft.duration = .seconds(max(action.minutes, 1) * 60)
      return .none
    }
    .on(AddAttendee.self) { form, _ in
      form.draft.attendees.append(Attendee(id: environment.uuid()))
      return .none
    }
    .on(SetAttendeeName.self) { form, action in
      if form.draft.attendees.indices.contains(action.index) {
        form.draft.attendees[action.index].name = action.name
      }
      return .none
    }
    .on(RemoveAttendee.self) { form, action in
      if form.draft.attendees.indices.contains(action.index) {
        form.draft.attendees.remove(at: action.index)
      }
      // A sync-up has someone to speak, as TCA's form keeps one empty row.
      if form.draft.attendees.isEmpty {
        form.draft.attendees.append(Attendee(id: environment.uuid()))
      }
      return .none
    }
}
