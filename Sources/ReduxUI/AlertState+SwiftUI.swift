// SwiftUI glue for ReduxCore's AlertState: Apple platforms only, so not compiled or tested on
// Linux. Everything it decides (what a tap sends, that it dismisses) is in the `alert` operator,
// tested everywhere; this only draws the buttons and sends.
#if canImport(SwiftUI)
  import ReduxCore
  import SwiftUI

  extension View {
    /// Shows `alert` (an alert or a confirmation dialog) while it is not nil; a button's tap
    /// sends `ChildAction<AlertState>(its action)` through `send`, and any other way of closing
    /// it sends `ChildAction<AlertState>.dismiss`.
    ///
    /// ```swift
    /// .alert(model.alert) { model.send($0) }
    /// ```
    @MainActor
    public func alert(
      _ alert: AlertState?, send: @escaping @MainActor (any Action) -> Void
    ) -> some View {
      let isPresented = Binding(
        get: { alert != nil },
        set: { if !$0 { send(ChildAction<AlertState>.dismiss) } })
      let title = Text(alert?.title ?? "")
      let buttons = ForEach(Array((alert?.buttons ?? []).enumerated()), id: \.offset) { _, button in
        Button(button.label, role: button.role.map(ButtonRole.init)) {
          send(ChildAction<AlertState>(button.action ?? Dismiss()))
        }
      }
      let message = Text(alert?.message ?? "")
      return Group {
        if alert?.style == .confirmationDialog {
          self.confirmationDialog(title, isPresented: isPresented, titleVisibility: .visible) {
            buttons
          } message: {
            message
          }
        } else {
          self.alert(title, isPresented: isPresented) {
            buttons
          } message: {
            message
          }
        }
      }
    }
  }

  extension ButtonRole {
    /// SwiftUI's role for a ``ButtonState`` role.
    init(_ role: ButtonState.Role) {
      switch role {
      case .cancel: self = .cancel
      case .destructive: self = .destructive
      }
    }
  }
#endif
