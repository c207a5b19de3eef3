import IdentifiedCollections

@testable import ReduxCore

// Fixtures for the child-feature operators (forEach, ifLet, ifCaseLet, the stack's forEach).

/// A row of a board: an element of a collection, or a presented or case child.
struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var title = ""
  var bumps = 0
  /// Large enough that a copy of it would be seen as a new storage address.
  var cells = Array(repeating: 0, count: 1_000)
}

/// A note: a second element type whose ids are `Int` too.
struct Note: Identifiable, Equatable, Sendable {
  let id: Int
  var text = ""
}

struct Rename: Action { var title: String }
struct Bump: Action {}
struct Edit: Action { var text: String }

let rowReducer = Reducer<Row>
  .on(Rename.self) { row, action in row.title = action.title }
  .on(Bump.self) { row, _ in
    row.bumps += 1
    row.cells[0] += 1
  }

let noteReducer = Reducer<Note>.on(Edit.self) { note, action in note.text = action.text }

/// A page of a navigation stack, and a case child.
enum Page: Equatable, Sendable {
  case row(Row)
  case note(Note)
  case empty
}

extension EnumCase where Enum == Page, Value == Row {
  static let row = EnumCase(embed: Page.row) { screen in
    if case .row(let row) = screen { row } else { nil }
  }
}

extension EnumCase where Enum == Page, Value == Note {
  static let note = EnumCase(embed: Page.note) { screen in
    if case .note(let note) = screen { note } else { nil }
  }
}

let pageReducer = Reducer<Page>.empty
  .ifCaseLet(.row, then: rowReducer)
  .ifCaseLet(.note, then: noteReducer)

/// A state with every kind of child, and a log the parent reducers write to.
struct Board: Equatable, Sendable {
  var rows: [Row] = []
  var archived: [Row] = []
  var notes: [Note] = []
  var identified: IdentifiedArrayOf<Row> = []
  var detail: Row?
  var draft: Row?
  var path = StackState<Page>()
  var log: [String] = []
}

/// The address of the second collection of rows in ``Board``.
struct ArchivedRowAction: ElementActionWrapper {
  let id: Int
  let action: any Action
}

/// The address of the second optional row in ``Board``.
struct DraftAction: ChildActionWrapper {
  let action: any Action
  init(_ action: any Action) { self.action = action }
}

/// Where the storage of an array's elements starts; it moves only if the array is copied.
func storageAddress<Element>(_ array: [Element]) -> UnsafeRawPointer? {
  array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

/// The runtime warnings reported while `body` runs, as a store with a handler would get them.
func warnings(during body: () -> Void) -> [RuntimeWarning] {
  let recorder = Recorder<RuntimeWarning>()
  RuntimeWarningSlot.with(RuntimeWarningHandler { recorder.append($0) }) { body() }
  return recorder.values
}

// As the IdentifiedElements docs show (without `@retroactive`: the protocol is in this package).
extension IdentifiedArray: IdentifiedElements
where Element: Identifiable, ID == Element.ID {
  /// The element with `id`, by hashing.
  public func element(id: ID) -> Element? { self[id: id] }

  /// Runs `body` on the element with `id` where it is stored.
  public mutating func updateElement<Result>(
    id: ID, _ body: (inout Element) -> Result
  ) -> Result? {
    guard let index = index(id: id) else { return nil }
    return body(&self[index])
  }
}

extension Page {
  /// The row of a `.row` page, or nil.
  var row: Row? {
    if case .row(let row) = self { row } else { nil }
  }

  /// Where the cells of a `.row` page are stored; read without keeping a reference to them, so
  /// that reading it does not itself make a later write copy them.
  var cellsAddress: UnsafeRawPointer? {
    row.flatMap { storageAddress($0.cells) }
  }
}
