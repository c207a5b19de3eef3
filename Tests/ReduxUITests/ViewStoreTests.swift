import Observation
import ReduxCore
import ReduxSeam
import ReduxUI
import Testing

@Suite("ViewStore")
@MainActor
struct ViewStoreTests {
  @Test("it starts from the store's state and publishes its own dispatch before returning")
  func publishesOwnDispatch() {
    let store = makeCounterStore()
    store.dispatch(Add(amount: 2))
    let model = ViewStore(store)
    #expect(model.state.count == 2)
    let changes = tracking { _ = model.state }
    model.dispatch(Increment())
    #expect(changes.values.count == 1)
    #expect(model.state.count == 3)
    #expect(store.state.count == 3)
  }

  @Test("1,000 commits before the main actor runs are published once, as the newest state")
  func coalescesABurst() async {
    let store = makeCounterStore()
    let model = ViewStore(store)
    // Dispatched to the store itself, not through the view store: published by the hop, which
    // cannot run before this synchronous loop ends.
    for _ in 0..<1_000 { store.dispatch(Increment()) }
    #expect(model.state.count == 0)
    await nextChange { _ = model.state }
    #expect(model.state.count == 1_000)

    for _ in 0..<500 { store.dispatch(Increment()) }
    #expect(model.state.count == 1_000)
    await nextChange { _ = model.state }
    #expect(model.state.count == 1_500)
  }

  @Test("10,000 background commits are published in commit order, ending with the last")
  func backgroundCommitsInOrder() async {
    let store = makeCounterStore()
    let model = ViewStore(store)
    let writer = Task.detached {
      for _ in 0..<10_000 { store.dispatch(Increment()) }
    }
    var seen: [Int] = []
    while model.state.count < 10_000 {
      await nextChange { _ = model.state }
      seen.append(model.state.count)
    }
    await writer.value
    #expect(seen.last == 10_000)
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
    #expect(model.state.count == 10_000)
  }

  @Test("an action that changes nothing invalidates no reader of the state")
  func noOpInvalidatesNothing() {
    let model = ViewStore(makeCounterStore())
    let changes = tracking { _ = model.state }
    model.dispatch(Noop())
    model.dispatch(SetStep(step: 1))
    #expect(changes.values.isEmpty)
    model.dispatch(SetStep(step: 2))
    #expect(changes.values.count == 1)
  }

  @Test("an observer that dispatches while the view store publishes leaves the newest state")
  func dispatchFromAnObserver() {
    let model = ViewStore(makeCounterStore())
    let step = model.scope(\.step)
    withObservationTracking {
      _ = model.count
    } onChange: {
      MainActor.assumeIsolated { model.dispatch(SetStep(step: 5)) }
    }
    model.dispatch(Increment())
    #expect(model.count == 1)
    #expect(model.step == 5)
    #expect(step.state == 5)
    model.dispatch(SetLabel(label: "later"))
    #expect(model.state == Counter(count: 1, step: 5, label: "later"))
    #expect(step.state == 5)
  }

  @Test("the view store keeps its store alive, and the store does not keep the view store alive")
  func lifetime() {
    weak var weakStore: Store<Counter>?
    weak var weakModel: ViewStore<Counter>?
    var model: ViewStore<Counter>?
    do {
      let store = makeCounterStore()
      weakStore = store
      model = ViewStore(store)
      weakModel = model
    }
    #expect(weakStore != nil)
    model?.dispatch(Increment())
    #expect(model?.state.count == 1)
    model = nil
    #expect(weakModel == nil)
    #expect(weakStore == nil)
  }
}

/// A state with fields of each kind the view store compares differently.
struct Screen: Sendable {
  var count = 0
  var todos: [String] = []
  /// Not Equatable: compared by its bits.
  var session = Session(token: "a")
}

/// A non-Equatable field value.
struct Session: Sendable {
  var token: String
}

struct AddTodo: Action { var title: String }
struct Touch: Action {}
struct RenewSession: Action { var token: String }
struct RewriteCount: Action {}

let screenReducer = Reducer<Screen>
  .on(Increment.self) { state, _ in state.count += 1 }
  .on(AddTodo.self) { state, action in state.todos.append(action.title) }
  .on(RenewSession.self) { state, action in state.session = Session(token: action.token) }
  .on(RewriteCount.self) { state, _ in state.count = state.count }

@Suite("ViewStore fine-grained observation")
@MainActor
struct ViewStoreFieldTests {
  let model = ViewStore(Store(initialState: Screen(), reducer: screenReducer))

  @Test("a reader of count is invalidated by a change of count")
  func changedField() {
    let changes = tracking { _ = model.count }
    model.dispatch(Increment())
    #expect(changes.values.count == 1)
    #expect(model.count == 1)
  }

  @Test("a reader of count is not invalidated by an action that changes only todos")
  func unrelatedField() {
    let countChanges = tracking { _ = model.count }
    let todoChanges = tracking { _ = model.todos }
    model.dispatch(AddTodo(title: "milk"))
    #expect(countChanges.values.isEmpty)
    #expect(todoChanges.values.count == 1)
    #expect(model.todos == ["milk"])
  }

  @Test("an action that changes nothing invalidates no field and no whole-state reader")
  func noOpAction() {
    let fieldChanges = tracking {
      _ = model.count
      _ = model.todos
      _ = model.session
    }
    let stateChanges = tracking { _ = model.state }
    model.dispatch(Noop())
    model.dispatch(RewriteCount())
    #expect(fieldChanges.values.isEmpty)
    #expect(stateChanges.values.isEmpty)
  }

  @Test("a non-Equatable field is compared by its bits: unchanged when untouched, changed when set")
  func nonEquatableField() {
    let changes = tracking { _ = model.session }
    model.dispatch(Increment())
    #expect(changes.values.isEmpty)
    model.dispatch(RenewSession(token: "b"))
    #expect(changes.values.count == 1)
    #expect(model.session.token == "b")
  }

  @Test("a nested key path is tracked on its own")
  func nestedKeyPath() {
    let changes = tracking { _ = model.session.token.count }
    model.dispatch(AddTodo(title: "milk"))
    #expect(changes.values.isEmpty)
    model.dispatch(RenewSession(token: "longer"))
    #expect(changes.values.count == 1)
  }

  @Test("a coalesced background burst invalidates only the fields it changed")
  func burstFromBackground() async {
    let store = Store(initialState: Screen(), reducer: screenReducer)
    let model = ViewStore(store)
    let todoChanges = tracking { _ = model.todos }
    await Task.detached {
      for _ in 0..<100 { store.dispatch(Increment()) }
    }.value
    while model.count < 100 { await nextChange { _ = model.count } }
    #expect(model.count == 100)
    #expect(todoChanges.values.isEmpty)
  }
}

/// Starts work that ends, after dispatching `Add(amount: 10)`, when `release` finishes.
private struct Refresh: Action {}

private func refresher(_ release: AsyncStream<Void>) -> Middleware<Counter> {
  Middleware { context, action, next in
    next(action)
    guard action is Refresh else { return }
    let work = context.workLedger.beginWork(origin: context.workLedger.processingOrigin, "refresh")
    let origin = context.workLedger.processingOrigin
    Task {
      for await _ in release {}
      context.dispatch(Add(amount: 10), origin: origin)
      work?.end()
    }
  }
}

@Suite("ViewStore.send")
@MainActor
struct ViewStoreSendTests {
  @Test("send resumes with the action reduced and published")
  func sendPublishes() async {
    let model = ViewStore(makeCounterStore())
    let changes = tracking { _ = model.count }
    await model.send(Increment())
    #expect(model.count == 1)
    #expect(changes.values.count == 1)
  }

  @Test("the task of a send awaits the work the action started; the view then catches up")
  func finishAwaitsWork() async {
    let (release, opener) = AsyncStream.makeStream(of: Void.self)
    let model = ViewStore(makeCounterStore(middleware: [refresher(release)]))
    let task = await model.send(Refresh())
    #expect(!task.isFinished)
    opener.finish()
    await task.finish()
    #expect(task.isFinished)
    // The work's action was reduced on another thread: published by the next hop.
    while model.count < 10 { await nextChange { _ = model.count } }
    #expect(model.count == 10)
  }

  @Test("a scoped view store sends through its parent to the same store")
  func scopedSend() async {
    let store = makeCounterStore(middleware: [refresher(AsyncStream { $0.finish() })])
    let step = ViewStore(store).scope(\.step)
    await step.send(SetStep(step: 4))
    #expect(step.state == 4)
    await step.send(Refresh()).finish()
    #expect(store.state.count == 10)
  }
}
