import Foundation
import ReduxCore
import ReduxDevTools
import Testing

/// Identified elements and enum cases, as their synthesized Codable conformances write them.
struct Favourite: Codable, Sendable, Equatable, Identifiable {
  var id: Int
  var name: String
}

enum Request: Codable, Sendable, Equatable {
  case idle
  case loading
  case failed(String)
  case loaded([String], page: Int)
  case editing(Favourite)
  case comparing(Favourite, Favourite)
}

struct Library: Codable, Sendable, Equatable {
  var favourites: [Favourite] = [
    Favourite(id: 1, name: "Anna"), Favourite(id: 2, name: "Bo"), Favourite(id: 3, name: "Cy"),
  ]
  var tags = ["a", "b"]
  var request = Request.idle
}

struct RemoveFirstFavourite: Action, Codable {}
struct SwapFavourites: Action, Codable {}
struct RenameSecond: Action, Codable {}
struct DropFirstTag: Action, Codable {}
struct SetRequest: Action, Codable { var request: Request }

let libraryReducer = Reducer<Library>
  .on(RemoveFirstFavourite.self) { state, _ in state.favourites.removeFirst() }
  .on(SwapFavourites.self) { state, _ in state.favourites.swapAt(0, 1) }
  .on(RenameSecond.self) { state, _ in state.favourites[1].name = "Bea" }
  .on(DropFirstTag.self) { state, _ in state.tags.removeFirst() }
  .on(SetRequest.self) { state, action in state.request = action.request }

let libraryRegistry = ActionRegistry()
  .registering(RemoveFirstFavourite.self)
  .registering(SwapFavourites.self)
  .registering(RenameSecond.self)
  .registering(DropFirstTag.self)
  .registering(SetRequest.self)

@Suite("Readable diffs")
struct ReadableDiffTests {
  /// The page of a session that dispatches `actions` into a fresh library.
  func page(_ actions: [any Action]) throws -> String {
    let devTools = DevTools(reducer: libraryReducer)
    let store = Store(
      initialState: Library(), reducer: libraryReducer, middleware: [devTools.middleware])
    for action in actions { store.dispatch(action) }
    return try SessionPage(jsonLines: devTools.recording.jsonLines(registry: libraryRegistry)).html
  }

  /// The diff rows of the card at `step`, as "path: before → after".
  func rows(_ html: String, step: Int) -> [String] {
    let card = html.components(separatedBy: "id=\"action-\(step)\"")[1]
      .components(separatedBy: "</li>")[0]
    return card.components(separatedBy: "<tr>").dropFirst().map { row in
      let cells = row.components(separatedBy: "</t").map { $0.components(separatedBy: ">").last! }
      return "\(cells[0]): \(cells[1]) → \(cells[3])"
    }
  }

  @Test("removing the first of three identified elements is one removal")
  func identityRemoval() throws {
    let html = try page([RemoveFirstFavourite()])
    #expect(rows(html, step: 1) == ["favourites[id: 1]: {id: 1, name: &quot;Anna&quot;} → —"])
  }

  @Test("a change inside an identified element is named by its id")
  func identityChange() throws {
    let html = try page([RenameSecond()])
    #expect(rows(html, step: 1) == ["favourites[id: 2].name: &quot;Bo&quot; → &quot;Bea&quot;"])
  }

  @Test("a change of order alone is one row of ids")
  func identityReorder() throws {
    let html = try page([SwapFavourites()])
    #expect(rows(html, step: 1) == ["favourites (order of ids): [1, 2, 3] → [2, 1, 3]"])
  }

  @Test("elements without ids are compared by position")
  func positionalArrays() throws {
    let html = try page([DropFirstTag()])
    #expect(
      rows(html, step: 1) == [
        "tags[0]: &quot;a&quot; → &quot;b&quot;", "tags[1]: &quot;b&quot; → —",
      ])
  }

  @Test("an enum case and its payload show as Swift writes them, in one row")
  func enumPayloads() throws {
    let html = try page([
      SetRequest(request: .loading), SetRequest(request: .failed("500 for boom")),
      SetRequest(request: .loaded(["x"], page: 2)),
    ])
    #expect(rows(html, step: 1) == ["request: .idle → .loading"])
    #expect(rows(html, step: 2) == ["request: .loading → .failed(&quot;500 for boom&quot;)"])
    #expect(html.contains(#"<pre class="payload">{request: .failed(&quot;500 for boom&quot;)}"#))
    // A case with a labeled value reads like a struct: shown as an object, still one row.
    #expect(
      rows(html, step: 3) == [
        "request: .failed(&quot;500 for boom&quot;) → {loaded: {_0: [&quot;x&quot;], page: 2}}"
      ])
  }

  @Test("within one enum case, a diff goes into the payload to the field that changed")
  func insideEnumPayloads() throws {
    let anna = Favourite(id: 1, name: "Anna")
    let html = try page([
      SetRequest(request: .editing(anna)),
      SetRequest(request: .editing(Favourite(id: 1, name: "Annabel"))),
      SetRequest(request: .comparing(anna, anna)),
      SetRequest(request: .comparing(anna, Favourite(id: 2, name: "Anna"))),
    ])
    #expect(
      rows(html, step: 2) == ["request(.editing).name: &quot;Anna&quot; → &quot;Annabel&quot;"])
    #expect(rows(html, step: 4) == ["request(.comparing)[1].id: 1 → 2"])
  }

  @Test("the initial state is a collapsible tree, its enum cases shown as Swift writes them")
  func stateTree() throws {
    let html = try page([])
    #expect(html.contains(#"<details open><summary><span class="key">state</span>"#))
    #expect(html.contains(#"<span class="key">favourites</span> <span class="count">[3]</span>"#))
    #expect(
      html.contains(#"<span class="key">request</span>: <span class="value">.idle</span>"#))
  }
}
