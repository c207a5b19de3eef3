import ReduxCore
import ReduxSeam
import Testing

// A list owns its entities; a presented editor and stack screens show one each, by id.

struct Topic: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var notes: [String] = []
}

/// The editor's own state: a draft, and the topic it edits.
struct EditorLocal: SharesEntity, Equatable, Sendable {
  var entityID: Int
  var draft = ""
}

/// A stack screen: each case names the topic it shows.
enum TopicScreen: SharesEntity, Equatable, Sendable {
  case detail(topicID: Int, isExpanded: Bool)
  case recorder(topicID: Int)

  var entityID: Int {
    switch self {
    case .detail(let id, _), .recorder(let id): id
    }
  }
}

struct Forum: EntityOwner, Equatable, Sendable {
  var topics: [Topic] = [Topic(id: 1, title: "one"), Topic(id: 2, title: "two")]
  var editor: EditorLocal?
  var path = StackState<TopicScreen>()
}

struct Type: Action { var text: String }
struct Commit: Action {}
struct AddNote: Action { var note: String }
struct Expand: Action {}
struct DeleteTopic: Action { var id: Int }

typealias JoinedScreen = Joined<Topic, TopicScreen>

let editorReducer = Reducer<Joined<Topic, EditorLocal>>
  .on(Type.self) { editor, action in editor.draft = action.text }
  .on(Commit.self) { editor, _ in editor.entity.title = editor.draft }

let screenReducer = Reducer<JoinedScreen>
  .on(AddNote.self) { screen, action in screen.entity.notes.append(action.note) }
  .on(Expand.self) { screen, _ in
    if case .detail(let id, _) = screen.local {
      screen.local = .detail(topicID: id, isExpanded: true)
    }
  }

let forumReducer = Reducer<Forum>
  .on(DeleteTopic.self) { forum, action in forum.topics.removeAll { $0.id == action.id } }
  .ifLet(\.[joining: \.editor, in: \.topics], then: editorReducer)
  .forEach(\.[joining: \.path, in: \.topics], destination: screenReducer)

@Suite("State shared by features: a child joined with the entity its parent owns")
struct SharedStateTests {
  let warnings = WarningLog()

  func store(_ forum: Forum = Forum()) -> Store<Forum> {
    Store(
      initialState: forum, reducer: forumReducer,
      onRuntimeWarning: { [warnings] in warnings.append($0.message) })
  }

  @Test("a presented child edits the parent's entity in place, with no copy to write back")
  func presentedEditsEntity() {
    var forum = Forum()
    forum.editor = EditorLocal(entityID: 2)
    let store = store(forum)
    store.dispatch(ChildAction<Joined<Topic, EditorLocal>>(Type(text: "renamed")))
    #expect(store.state.editor?.draft == "renamed")
    #expect(store.state.topics[1].title == "two")
    store.dispatch(ChildAction<Joined<Topic, EditorLocal>>(Commit()))
    #expect(store.state.topics[1].title == "renamed")
    #expect(store.state[joining: \.editor, in: \.topics]?.entity.title == "renamed")

    store.dispatch(ChildAction<Joined<Topic, EditorLocal>>.dismiss)
    #expect(store.state.editor == nil)
    #expect(store.state.topics[1].title == "renamed")
    #expect(warnings.all.isEmpty)
  }

  @Test(
    "when the entity is deleted elsewhere, the child is gone: its actions change nothing and warn")
  func deletedEntity() throws {
    var forum = Forum()
    forum.editor = EditorLocal(entityID: 1)
    let store = store(forum)
    store.dispatch(DeleteTopic(id: 1))
    #expect(store.state[joining: \.editor, in: \.topics] == nil)
    store.dispatch(ChildAction<Joined<Topic, EditorLocal>>(Type(text: "lost")))
    #expect(store.state.editor == EditorLocal(entityID: 1))
    #expect(store.state.topics == [Topic(id: 2, title: "two")])
    let warning = try #require(warnings.all.first)
    #expect(warning.contains("Joined<Topic, EditorLocal>"))
  }

  @Test("two stack screens edit one entity; each keeps its own state; a pop drops only the screen")
  func stackScreens() {
    var forum = Forum()
    let detail = forum.path.append(.detail(topicID: 1, isExpanded: false))
    let recorder = forum.path.append(.recorder(topicID: 1))
    let store = store(forum)

    store.dispatch(StackAction<JoinedScreen>.element(id: recorder, action: AddNote(note: "a")))
    store.dispatch(StackAction<JoinedScreen>.element(id: detail, action: Expand()))
    #expect(store.state.topics[0].notes == ["a"])
    #expect(
      Array(store.state.path) == [.detail(topicID: 1, isExpanded: true), .recorder(topicID: 1)])
    // Both screens see the one topic.
    #expect(store.state[joining: \.path, in: \.topics].map(\.entity.notes) == [["a"], ["a"]])

    store.dispatch(StackAction<JoinedScreen>.popFrom(id: recorder))
    #expect(store.state.path.ids == [detail])
    #expect(store.state.topics[0].notes == ["a"])

    // A screen pushed through the joined stack lands in the path with its own state.
    store.dispatch(
      StackAction<JoinedScreen>.push(
        Joined(entity: store.state.topics[1], local: .recorder(topicID: 2))))
    #expect(
      Array(store.state.path) == [.detail(topicID: 1, isExpanded: true), .recorder(topicID: 2)])
    #expect(store.state.path.ids.last.map { $0 != recorder } == true)
    #expect(warnings.all.isEmpty)
  }

  @Test(
    "a screen whose entity is gone is hidden, not popped; its actions warn as for a popped screen")
  func stackScreenOfDeletedEntity() throws {
    var forum = Forum()
    let first = forum.path.append(.detail(topicID: 1, isExpanded: false))
    let second = forum.path.append(.detail(topicID: 2, isExpanded: false))
    let store = store(forum)
    store.dispatch(DeleteTopic(id: 1))
    #expect(store.state[joining: \.path, in: \.topics].ids == [second])

    store.dispatch(StackAction<JoinedScreen>.element(id: first, action: Expand()))
    store.dispatch(StackAction<JoinedScreen>.element(id: second, action: Expand()))
    #expect(
      Array(store.state.path) == [
        .detail(topicID: 1, isExpanded: false), .detail(topicID: 2, isExpanded: true),
      ])
    #expect(warnings.all.count == 1)
    #expect(try #require(warnings.all.first).contains("no screen on the stack has id #0"))
  }
}

final class WarningLog: Sendable {
  private let messages = Lock<[String]>([])
  func append(_ message: String) { messages.withLock { $0.append(message) } }
  var all: [String] { messages.withLock { $0 } }
}
