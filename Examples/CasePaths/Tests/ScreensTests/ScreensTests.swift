import CasePaths
import ReduxCasePaths
import ReduxCore
import ReduxTesting
import ReduxUI
import ScreensFeature
import Testing

@MainActor
@Suite("@CasePathable enums wherever an EnumCase is taken")
struct ScreensTests {
  @Test("a view store scoped to a case by its case key path addresses its actions to it")
  func viewStoreCase() throws {
    var library = Library()
    library.destination = .book(Book(title: "Dune"))
    let store = Store(initialState: library, reducer: libraryReducer)
    let model = ViewStore(store)
    let destination = try #require(
      model.scope(\.destination, action: ChildAction<Destination>.self))
    #expect(destination.scope(case: \.settings) == nil)
    let book = try #require(destination.scope(case: \.book))
    book.dispatch(Borrow())
    #expect(book.isBorrowed)
    #expect(store.state.destination?[case: \.book]?.isBorrowed == true)
  }

  @Test("a presented enum's case is reached through its case key path")
  func presented() async {
    var library = Library()
    library.destination = .book(Book(title: "Dune"))
    let store = TestStore(Store(initialState: library, reducer: libraryReducer))
    await store.send(ChildAction<Destination>(ChildAction<Book>(Borrow()))) {
      $0.destination = .book(
        {
          var book = Book(title: "Dune")
          book.isBorrowed = true
          return book
        }())
    }
  }

  @Test("stack screens are routed by case key path; a test sends and receives them by value")
  func stack() async {
    let store = TestStore(Store(initialState: Library(), reducer: libraryReducer))
    await store.send(StackAction<Screen>.push(.settings(Settings()))) {
      $0.path.append(.settings(Settings()))
    }
    await store.send(
      StackAction<Screen>.element(id: StackElementID(0), action: ChildAction<Settings>(Enlarge()))
    ) {
      _ = $0.path.updateElement(id: StackElementID(0)) { screen in
        EnumCase(\Screen.Cases.settings).modify(&screen) { $0.fontSize = 14 }
      }
    }
    #expect(
      StackAction<Screen>.element(id: StackElementID(0), action: ChildAction<Settings>(Enlarge()))
        == .element(id: StackElementID(0), action: ChildAction<Settings>(Enlarge())))
  }

  @Test("EnumCase from a case key path embeds and extracts like a hand-written one")
  func enumCase() {
    let settings = EnumCase(\Screen.Cases.settings)
    #expect(settings.embed(Settings()) == .settings(Settings()))
    #expect(settings.extract(from: .book(Book(title: "Emma"))) == nil)
    #expect(settings.extract(from: .settings(Settings())) == Settings())
  }

  @Test("EnumCase from a generated case path embeds and extracts the same, and routes")
  func generatedCasePath() {
    let settings = EnumCase(Screen.allCasePaths.settings)
    #expect(settings.embed(Settings()) == .settings(Settings()))
    #expect(settings.extract(from: .book(Book(title: "Emma"))) == nil)
    #expect(settings.extract(from: .settings(Settings())) == Settings())
    var screen = Screen.settings(Settings())
    let enlarge = Reducer<Screen>.empty.ifCaseLet(settings, then: settingsReducer)
    enlarge(&screen, ChildAction<Settings>(Enlarge()))
    #expect(
      screen
        == .settings(
          {
            var larger = Settings()
            larger.fontSize += 2
            return larger
          }()))
  }

  @Test("a case action while the enum is in another case changes nothing and warns")
  func otherCase() async {
    var library = Library()
    library.destination = .settings(Settings())
    let store = TestStore(Store(initialState: library, reducer: libraryReducer))
    await withKnownIssue {
      await store.send(ChildAction<Destination>(ChildAction<Book>(Borrow())))
    } matching: { issue in
      "\(issue)".contains("Borrow")
    }
  }
}
