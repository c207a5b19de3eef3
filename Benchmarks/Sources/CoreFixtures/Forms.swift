import ReduxCore

// Benchmark 19: a form field written by a hand-written setter action, by a BindingAction, and
// by an alert button's action (the tap dismisses the alert, then the feature handles it).

/// A form with a title and an alert.
public struct FormState: Equatable, Sendable {
  /// The field written.
  public var title = ""
  /// How many times the alert's button was handled.
  public var confirmed = 0
  /// The alert, while shown.
  public var alert: AlertState?
  /// An empty form.
  public init() {}
}

/// The hand-written setter: the baseline.
public struct SetFormTitle: Action {
  /// The new title.
  public var title: String
  /// Sets the title.
  public init(_ title: String) { self.title = title }
}

/// Shows an alert: a hand-written setter.
public struct SetFormAlert: Action {
  /// The alert.
  public var alert: AlertState
  /// Shows `alert`.
  public init(_ alert: AlertState) { self.alert = alert }
}

/// The alert button's action.
public struct ConfirmForm: Action, Equatable {
  /// The action.
  public init() {}
}

/// The hand-written baseline of a tap: hides the alert and confirms, in one action.
public struct HideAndConfirm: Action {
  /// The action.
  public init() {}
}

/// The alert the benchmark shows before each tap.
public let formAlert = AlertState(
  title: "Sure?", buttons: [.default("Yes", action: ConfirmForm()), .cancel("No")])

/// Handles the setter, the button's action, and bindings; presents the alert.
public let formReducer = Reducer<FormState>
  .on(SetFormTitle.self) { form, action in form.title = action.title }
  .on(SetFormAlert.self) { form, action in form.alert = action.alert }
  .on(ConfirmForm.self) { form, _ in form.confirmed += 1 }
  .on(HideAndConfirm.self) { form, _ in
    form.alert = nil
    form.confirmed += 1
  }
  .binding()
  .alert(\.alert)
