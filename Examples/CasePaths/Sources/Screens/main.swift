// An app's destinations as @CasePathable enums, routed by swift-redux with no EnumCase written
// by hand: `swift run --package-path Examples/CasePaths Screens`.
import ReduxCore
import ScreensFeature

let store = Store(
  initialState: Library(), reducer: libraryReducer,
  onRuntimeWarning: { print("warning: \($0.message)") })

print("Push a book and borrow it, through .ifCaseLet(\\.book, then: bookReducer):")
store.dispatch(StackAction<Screen>.push(.book(Book(title: "Dune"))))
let book = store.state.path.ids[0]
store.dispatch(StackAction<Screen>.element(id: book, action: ChildAction<Book>(Borrow())))
print("  stack: \(Array(store.state.path))")

print("Push the settings and enlarge the font, through .ifCaseLet(\\.settings, …):")
store.dispatch(StackAction<Screen>.push(.settings(Settings())))
let settings = store.state.path.ids[1]
store.dispatch(StackAction<Screen>.element(id: settings, action: ChildAction<Settings>(Enlarge())))
print("  stack: \(Array(store.state.path))")

print("A book's action sent to the settings screen changes nothing, and says why:")
store.dispatch(StackAction<Screen>.element(id: settings, action: ChildAction<Book>(Borrow())))
print("  stack: \(Array(store.state.path))")
