import Foundation
import ReduxCore
import ReduxDevTools
import Testing

/// A stand-in for a dependency such as swift-dependencies' `\.uuid`: a task-local generator,
/// live (a fresh UUID each time) unless a scope fixes it.
enum IDs {
  @TaskLocal static var make: @Sendable () -> String = { UUID().uuidString }
}

struct AddItem: Action, Codable {}
/// An action whose reduction reports a runtime warning.
struct Misaddressed: Action, Codable {}

struct Items: Codable, Equatable, Sendable {
  var ids: [String] = []
}

/// A reducer that reads the dependency, as a reducer with `@Dependency(\.uuid)` does.
let itemsReducer = Reducer<Items> { state, action in
  if action.as(AddItem.self) != nil { state.ids.append(IDs.make()) }
  if action.as(Misaddressed.self) != nil {
    RuntimeWarning.report("no child for this action", action: action)
  }
}

/// `itemsReducer` with its dependency fixed, the way an app gives its reducer its dependencies
/// (`withDependencies` around the reducer's body): the store and DevTools get this one.
let fixedItemsReducer = Reducer<Items> { state, action in
  IDs.$make.withValue({ "fixed" }) { itemsReducer(&state, action) }
}

let itemsRegistry = ActionRegistry().registering(AddItem.self).registering(Misaddressed.self)

@Suite("Re-reducing in the store's context")
struct ReduceContextTests {
  func makeItemsStore(
    onRuntimeWarning: (@Sendable (RuntimeWarning) -> Void)? = nil
  ) -> (Store<Items>, DevTools<Items>) {
    let devTools = DevTools(reducer: fixedItemsReducer, capacity: 10)
    let store = Store(
      initialState: Items(), reducer: fixedItemsReducer, middleware: [devTools.middleware],
      onRuntimeWarning: onRuntimeWarning)
    return (store, devTools)
  }

  @Test("skip, include, move and replaceReducer re-reduce with the reducer's dependencies")
  func timeTravelKeepsDependencies() {
    let (store, devTools) = makeItemsStore()
    for _ in 0..<3 { store.dispatch(AddItem()) }
    #expect(store.state.ids == ["fixed", "fixed", "fixed"])

    devTools.skip(step: 1)
    #expect(store.state.ids == ["fixed", "fixed"])
    devTools.include(step: 1)
    devTools.move(step: 3, toStep: 1)
    #expect(store.state.ids == ["fixed", "fixed", "fixed"])
    devTools.replaceReducer(fixedItemsReducer)
    #expect(devTools.recording.states.allSatisfy { $0.ids.allSatisfy { $0 == "fixed" } })
  }

  @Test("warnings raised while re-reducing go to the store's runtime warning handler")
  func warningsReachTheStoresHandler() {
    let warnings = Collected<String>()
    let (store, devTools) = makeItemsStore(onRuntimeWarning: { warnings.append($0.message) })
    store.dispatch(AddItem())
    store.dispatch(Misaddressed())
    #expect(warnings.all == ["no child for this action"])

    devTools.skip(step: 1)  // re-reduces step 2
    #expect(warnings.all == ["no child for this action", "no child for this action"])
  }

  @Test("a replay with a live dependency diverges, and the message names the value")
  func liveDependencyDiverges() throws {
    let (store, devTools) = makeItemsStore()
    store.dispatch(AddItem())
    let recording = devTools.recording
    #expect(recording.replay(reducer: fixedItemsReducer).isExact)

    let divergence = try #require(recording.replay(reducer: itemsReducer).divergence)
    #expect(divergence.step == 1)
    let lines = divergence.description.split(separator: "\n")
    #expect(lines.first == "step 1 (AddItem) replays differently:")
    #expect(lines.count == 2)
    #expect(lines.last?.hasPrefix("  ids[0]: recorded \"fixed\", replayed \"") == true)
  }

  @Test("a divergence at the start names the initial state")
  func divergenceAtTheStart() throws {
    let recording = Recording(initialState: Items(ids: ["a"]))
    let store = Store(initialState: Items(), reducer: itemsReducer)
    let divergence = try #require(recording.replay(into: store).divergence)
    #expect(
      divergence.description == """
        step 0 (the initial state) replays differently:
          ids[0]: recorded "a", replayed (none)
        """)
  }
}
