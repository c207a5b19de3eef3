// A @MainActor view model fed from background work: an async effect (ReduxEffects) loads 100
// posts on a background task, one dispatch each, while two "views" on the main actor read a
// ViewStore. The list view re-renders only when a field it reads changes, and many commits made
// before the main actor runs reach it as one update; the title view, which reads a field no
// action touches, never re-renders. `await model.send(Load()).finish()` returns once the effect
// has ended, as SwiftUI's `.task` would wait.
import Observation
import ReduxCore
import ReduxEffects
import ReduxUI

struct Feed: Sendable {
  var title = "Posts"
  var posts: [String] = []
  var isLoading = false
}

struct Load: Action {}
struct PostArrived: Action { var title: String }
struct Loaded: Action {}

let feedReducer = Reducer<Feed>
  .on(Load.self) { state, _ in state.isLoading = true }
  .on(PostArrived.self) { state, action in state.posts.append(action.title) }
  .on(Loaded.self) { state, _ in state.isLoading = false }

/// The background work: runs on a task, not on the main actor, and dispatches 101 actions.
let loadPosts = Effect<Feed>.task(on: Load.self) { _, _, dispatch in
  for number in 1...100 {
    dispatch(PostArrived(title: "post \(number)"))
  }
  dispatch(Loaded())
}

/// A stand-in for a SwiftUI view: `render` is its `body`, re-run on the main actor after an
/// observed change, as SwiftUI schedules a re-render.
@MainActor
final class FakeView {
  let name: String
  private(set) var renders = 0
  private let body: @MainActor () -> String

  init(_ name: String, body: @escaping @MainActor () -> String) {
    self.name = name
    self.body = body
    render()
  }

  func render() {
    renders += 1
    let text = withObservationTracking {
      body()
    } onChange: { [weak self] in
      Task { @MainActor in self?.render() }
    }
    print("[\(name) render \(renders)] \(text)")
  }
}

let store = Store(initialState: Feed(), reducer: feedReducer, effects: [loadPosts])
let model = ViewStore(store)

let list = FakeView("list") {
  model.isLoading ? "loading… \(model.posts.count) posts" : "\(model.posts.count) posts"
}
let title = FakeView("title") { model.title }

await model.send(Load()).finish()
print("send(Load()).finish() returned: the effect has ended, store has \(store.state.posts.count)")

// The last commits arrive by the main-actor hop; wait for the list to show them.
while model.isLoading || model.posts.count < 100 {
  await withCheckedContinuation { continuation in
    withObservationTracking {
      _ = (model.isLoading, model.posts.count)
    } onChange: {
      continuation.resume()
    }
  }
}
await Task.yield()
print(
  "102 commits (Load, 100 posts, Loaded): the list rendered \(list.renders) times, first included")
print("the title rendered \(title.renders) time: no action changed the field it reads")
