import CasePaths
import ReduxCasePaths
import ReduxCore

/// A book of the library.
public struct Book: Equatable, Sendable {
  /// Its title.
  public var title: String
  /// Whether someone has it.
  public var isBorrowed = false
  /// A book on the shelf.
  public init(title: String) { self.title = title }
}

/// The library's settings.
public struct Settings: Equatable, Sendable {
  /// The text size.
  public var fontSize = 12
  /// The default settings.
  public init() {}
}

/// What the library presents over its list: one of two screens. `@CasePathable` writes what
/// an `EnumCase` per case would.
@CasePathable
public enum Destination: Equatable, Sendable {
  /// A book's screen.
  case book(Book)
  /// The settings.
  case settings(Settings)
}

/// The screens pushed on the library's stack.
@CasePathable
public enum Screen: Equatable, Sendable {
  /// A book's screen.
  case book(Book)
  /// The settings.
  case settings(Settings)
}

/// The library: a presented destination and a stack of screens.
public struct Library: Equatable, Sendable {
  /// The presented screen, if any.
  public var destination: Destination?
  /// The pushed screens.
  public var path = StackState<Screen>()
  /// An empty library.
  public init() {}
}

/// Borrows the book.
public struct Borrow: Action, Equatable {
  /// The action.
  public init() {}
}

/// Enlarges the font.
public struct Enlarge: Action, Equatable {
  /// The action.
  public init() {}
}

/// A book's screen.
public let bookReducer = Reducer<Book>.on(Borrow.self) { book, _ in book.isBorrowed = true }
/// The settings screen.
public let settingsReducer = Reducer<Settings>.on(Enlarge.self) { settings, _ in
  settings.fontSize += 2
}

/// The library's reducer: every case reached through a case key path, none written by hand.
public let libraryReducer = Reducer<Library>.empty
  .ifLet(
    \.destination,
    then: Reducer<Destination>.empty
      .ifCaseLet(\.book, then: bookReducer)
      .ifCaseLet(\.settings, then: settingsReducer)
  )
  .forEach(
    \.path,
    destination: Reducer<Screen>.empty
      .ifCaseLet(\.book, then: bookReducer)
      .ifCaseLet(\.settings, then: settingsReducer))
