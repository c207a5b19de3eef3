// Alerts and confirmation dialogs as state: what a feature shows and what each button sends,
// presented through an optional as any child is, so that a test compares it and DevTools
// records it. The `alert` operator dismisses it when a button is tapped and hands the button's
// action to the feature's own reducer; ReduxUI turns it into SwiftUI's alert.

/// An alert or a confirmation dialog: a title, an optional message, and buttons that each send
/// an action of the feature that shows it.
///
/// ```swift
/// struct Detail: Sendable { var alert: AlertState? }
/// struct DeleteTapped: Action {}
/// struct ConfirmDelete: Action, Equatable {}
///
/// let detail = Reducer<Detail>
///   .on(DeleteTapped.self) { detail, _ in
///     detail.alert = AlertState(
///       title: "Delete?", message: "This cannot be undone.",
///       buttons: [.destructive("Delete", action: ConfirmDelete()), .cancel("Cancel")])
///   }
///   .on(ConfirmDelete.self) { detail, _ in /* delete */ }
///   .alert(\.alert)
///
/// store.dispatch(DeleteTapped())
/// store.dispatch(ChildAction<AlertState>(ConfirmDelete()))  // a tap: dismissed, then deleted
/// ```
public struct AlertState: Equatable, Sendable, CustomStringConvertible {
  /// How it is shown.
  public enum Style: String, Sendable, Equatable, Codable {
    /// An alert, in the middle of the screen.
    case alert
    /// A confirmation dialog (an action sheet), from the bottom of the screen.
    case confirmationDialog
  }

  /// How it is shown.
  public var style: Style
  /// The title.
  public var title: String
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in order; without any, the platform shows an OK button that dismisses.
  public var buttons: [ButtonState]

  /// An alert (or, with `style`, a confirmation dialog).
  public init(
    _ style: Style = .alert, title: String, message: String? = nil, buttons: [ButtonState] = []
  ) {
    self.style = style
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// Whether one of its buttons sends `action`.
  @usableFromInline
  func hasButton(sending action: any Action) -> Bool {
    for index in buttons.indices where buttons[index].sends(action) { return true }
    return false
  }

  /// `alert "Delete?": [Delete → ConfirmDelete(), Cancel]`.
  public var description: String {
    let kind = style == .alert ? "alert" : "confirmation dialog"
    return "\(kind) \"\(title)\": [\(buttons.map(\.description).joined(separator: ", "))]"
  }
}

/// A button of an ``AlertState``: its label, its role, and the action it sends.
public struct ButtonState: Equatable, Sendable, CustomStringConvertible {
  /// What the platform makes of the button.
  public enum Role: String, Sendable, Equatable, Codable {
    /// Closes without doing anything (shown apart, last).
    case cancel
    /// Deletes or discards something (shown in red).
    case destructive
  }

  /// The label.
  public var label: String
  /// The role, if any.
  public var role: Role?
  /// The action a tap sends to the feature that shows the alert; `nil` for a button that only
  /// dismisses.
  public private(set) var action: (any Action)?
  /// Whether a tap's action is this button's: made where the action's type is known, so that
  /// matching a tap needs no lookup of its `Equatable` conformance.
  private var matcher: (@Sendable (any Action) -> Bool)?

  /// A button that sends `action` (or only dismisses, without one); a tap matches it by the
  /// action's type.
  public init(_ label: String, role: Role? = nil, action: (any Action)? = nil) {
    self.label = label
    self.role = role
    self.action = action
  }

  /// A button that sends `action`; a tap matches it when its action equals `action`.
  public init<A: Action & Equatable>(_ label: String, role: Role? = nil, action: A) {
    self.init(label, role: role, action: action as any Action)
    matcher = { $0.isEqual(to: action) }
  }

  /// A button that sends `action`.
  public static func `default`(_ label: String, action: (any Action)? = nil) -> ButtonState {
    ButtonState(label, action: action)
  }

  /// A button that sends `action`, matched by value.
  public static func `default`<A: Action & Equatable>(_ label: String, action: A) -> ButtonState {
    ButtonState(label, action: action)
  }

  /// A destructive button that sends `action`.
  public static func destructive(_ label: String, action: (any Action)? = nil) -> ButtonState {
    ButtonState(label, role: .destructive, action: action)
  }

  /// A destructive button that sends `action`, matched by value.
  public static func destructive<A: Action & Equatable>(_ label: String, action: A)
    -> ButtonState
  {
    ButtonState(label, role: .destructive, action: action)
  }

  /// A cancel button: it dismisses, and sends `action` if given.
  public static func cancel(_ label: String, action: (any Action)? = nil) -> ButtonState {
    ButtonState(label, role: .cancel, action: action)
  }

  /// A cancel button that also sends `action`, matched by value.
  public static func cancel<A: Action & Equatable>(_ label: String, action: A) -> ButtonState {
    ButtonState(label, role: .cancel, action: action)
  }

  /// Whether `tapped` is this button's action.
  @usableFromInline
  func sends(_ tapped: any Action) -> Bool {
    if let matcher { return matcher(tapped) }
    return action.map { sameAction($0, tapped) } ?? false
  }

  /// Two buttons are equal when their labels, roles and actions are: actions of one type that
  /// are `Equatable` compare with `==`, others by type alone.
  public static func == (lhs: ButtonState, rhs: ButtonState) -> Bool {
    guard lhs.label == rhs.label, lhs.role == rhs.role else { return false }
    switch (lhs.action, rhs.action) {
    case (nil, nil): return true
    case (let left?, let right?): return sameAction(left, right)
    default: return false
    }
  }

  /// `Delete → ConfirmDelete()`.
  public var description: String {
    guard let action else { return label }
    return "\(label) → \(action)"
  }
}

/// Whether two actions are the same: of one type, and equal if that type is `Equatable`.
@usableFromInline
func sameAction(_ left: any Action, _ right: any Action) -> Bool {
  guard type(of: left) == type(of: right) else { return false }
  guard let left = left as? any Equatable else { return true }
  return left.isEqual(to: right)
}

extension Action {
  /// Whether this action is `other`: the types are compared first, so that a tap is matched
  /// without a dynamic cast or an optional of `A` (benchmark 19, `form-alert-tap`).
  fileprivate func isEqual<A: Action & Equatable>(to other: A) -> Bool {
    Self.self == A.self && unsafeBitCast(self, to: A.self) == other
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

extension Reducing {
  /// Returns a reducer that presents the alert at `keyPath`: a tap on one of its buttons,
  /// `ChildAction<AlertState>(buttonAction)`, dismisses it (sets it to nil) and then runs this
  /// reducer with the button's own action; `ChildAction<AlertState>.dismiss` only dismisses.
  ///
  /// An action for the alert while it is nil (a tap after it was dismissed) leaves the state
  /// unchanged, does not reach this reducer, and is reported as a ``RuntimeWarning`` pointing
  /// at this call. So is a tap with an action that none of its buttons sends.
  @inlinable
  public func alert(
    _ keyPath: WritableKeyPath<State, AlertState?> & Sendable,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    alert(keyPath, action: ChildAction<AlertState>.self, fileID: fileID, line: line)
  }

  /// ``alert(_:fileID:line:)`` for a second alert in one state, whose taps `Wrapper` carries.
  @inlinable
  public func alert<Wrapper: ChildActionWrapper>(
    _ keyPath: WritableKeyPath<State, AlertState?> & Sendable,
    action wrapper: Wrapper.Type,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let parent = self
    return Self { state, action in
      guard let tap = action.as(Wrapper.self) else { return parent(&state, action) }
      // One in-place access: a key path read would copy the alert, and costs more than the tap.
      switch AlertTap.answer(tap.action, to: &state[keyPath: keyPath]) {
      case .gone:
        ChildActionWarning.alertGone(tap, at: keyPath, fileID: fileID, line: line)
        return Self.noOutput
      case .notAButton(let alert):
        ChildActionWarning.notAButton(tap, of: alert, fileID: fileID, line: line)
        return Self.noOutput
      case .dismissed:
        return Self.noOutput
      case .tapped:
        return parent(&state, tap.action)
      }
    }
  }
}

/// What a tap did to the alert it answered.
@usableFromInline
enum AlertTap {
  /// There was no alert.
  case gone
  /// The tap was a dismissal; the alert is nil now.
  case dismissed
  /// No button sends the tap's action; the alert, unchanged.
  case notAButton(AlertState)
  /// A button sends it; the alert is nil now.
  case tapped

  /// Answers `action`, tapped on `alert`: dismisses the alert for a dismissal or a button's
  /// action, and leaves it as it is otherwise.
  @usableFromInline
  static func answer(_ action: any Action, to alert: inout AlertState?) -> AlertTap {
    // The alert is moved out, not copied (a copy retains every string and button in it), and
    // put back when the tap is refused.
    guard let shown = alert.take() else { return .gone }
    if action.as(Dismiss.self) != nil { return .dismissed }
    guard shown.hasButton(sending: action) else {
      alert = shown
      return .notAButton(shown)
    }
    return .tapped
  }
}
