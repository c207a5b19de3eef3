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

extension SyncUpForm {
  /// The binding a form field sends: `SyncUpForm.set(\.draft.title, "Design")`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<SyncUpForm, Value> & Sendable, _ value: Value
  ) -> BindingAction<SyncUpForm> {
    BindingAction.set(keyPath, value)
  }
}

/// The user added an attendee row.
public struct AddAttendee: Action {
  /// Creates the action.
  public init() {}
}

/// The user removed the attendee in row `index`.
public struct RemoveAttendee: Action {
  /// The row.
  public var index: Int
  /// Removes row `index`.
  public init(_ index: Int) { self.index = index }
}

/// The form's reducer; its only dependency is new attendees' ids (`environment.uuid`). The
/// fields (title, duration, attendees' names) are written by bindings:
/// `BindingAction.set(\SyncUpForm.draft.title, "Design")`.
public func syncUpFormReducer(_ environment: SyncUpsEnvironment) -> CommandReducer<SyncUpForm> {
  CommandReducer<SyncUpForm>
    .on(AddAttendee.self) { form, _ in
      form.draft.attendees.append(Attendee(id: environment.uuid()))
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
    .binding()
}
