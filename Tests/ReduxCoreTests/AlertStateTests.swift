import ReduxCore
import ReduxSeam
import Testing

struct Doc: Equatable, Sendable {
  var alert: AlertState?
  var isDeleted = false
  var log: [String] = []
}

struct AskDelete: Action {}
struct ConfirmDeletion: Action, Equatable {}
struct Archive: Action, Equatable { var reason: String }

let deleteAlert = AlertState(
  title: "Delete?", message: "This cannot be undone.",
  buttons: [
    .destructive("Delete", action: ConfirmDeletion()),
    .default("Archive", action: Archive(reason: "kept")), .cancel("Cancel"),
  ])

let docReducer = Reducer<Doc>
  .on(AskDelete.self) { doc, _ in doc.alert = deleteAlert }
  .on(ConfirmDeletion.self) { doc, _ in
    doc.isDeleted = true
    doc.log.append("deleted; alert shown: \(doc.alert != nil)")
  }
  .on(Archive.self) { doc, action in doc.log.append("archived: \(action.reason)") }
  .alert(\.alert)

@Suite("Alerts and confirmation dialogs as state")
struct AlertStateTests {
  let warnings = WarningLog()

  func store() -> Store<Doc> {
    Store(
      initialState: Doc(), reducer: docReducer,
      onRuntimeWarning: { [warnings] in warnings.append($0.message) })
  }

  @Test("a button's tap dismisses the alert, then the feature gets the button's action")
  func tapDismissesThenActs() {
    let store = store()
    store.dispatch(AskDelete())
    #expect(store.state.alert == deleteAlert)
    store.dispatch(ChildAction<AlertState>(ConfirmDeletion()))
    #expect(store.state.alert == nil)
    #expect(store.state.isDeleted)
    #expect(store.state.log == ["deleted; alert shown: false"])
    #expect(warnings.all.isEmpty)
  }

  @Test("cancel only dismisses")
  func cancelDismisses() {
    let store = store()
    store.dispatch(AskDelete())
    store.dispatch(ChildAction<AlertState>.dismiss)
    #expect(store.state == Doc())
  }

  @Test("a tap after the alert was dismissed changes nothing and warns, naming the action")
  func tapAfterDismiss() throws {
    let store = store()
    store.dispatch(AskDelete())
    store.dispatch(ChildAction<AlertState>(Archive(reason: "kept")))
    store.dispatch(ChildAction<AlertState>(ConfirmDeletion()))
    #expect(!store.state.isDeleted)
    #expect(store.state.log == ["archived: kept"])
    let warning = try #require(warnings.all.first)
    #expect(warning.contains("alert at \\Doc.alert got a tap, ConfirmDeletion()"))
    #expect(warning.contains("after it was dismissed"))
  }

  @Test("a tap with an action none of the buttons sends changes nothing and warns")
  func notAButton() throws {
    let store = store()
    store.dispatch(AskDelete())
    store.dispatch(ChildAction<AlertState>(Archive(reason: "other")))
    #expect(store.state.alert == deleteAlert)
    #expect(store.state.log.isEmpty)
    #expect(try #require(warnings.all.first).contains("is not the action of a button of alert"))
  }

  @Test("alerts compare by title, message and buttons, actions by value")
  func equality() {
    var other = deleteAlert
    #expect(other == deleteAlert)
    other.buttons[1] = .default("Archive", action: Archive(reason: "changed"))
    #expect(other != deleteAlert)
    #expect(
      deleteAlert.description
        == "alert \"Delete?\": [Delete → ConfirmDeletion(), Archive → Archive(reason: \"kept\"), "
        + "Cancel]")
    #expect(
      AlertState(.confirmationDialog, title: "Delete?", buttons: deleteAlert.buttons)
        != deleteAlert)
  }
}
