import Clocks
import ReduxCommand
import ReduxCore
import Testing

@Suite("CommandReducer.forEach", .timeLimit(.minutes(1)))
struct CommandReducerForEachTests {
  @Test("an element's command sends its actions back addressed to that element")
  func actionsComeBackAddressed() async {
    let seen = Recorder<any Action>()
    let store = shelfStore(
      Shelf(items: [Item(id: 1), Item(id: 2)]), clock: TestClock(), jobs: SaveJobs(), seen: seen)
    await store.send(ElementAction<Item>(id: 2, action: SaveNow())).finish()
    #expect(store.state.items == [Item(id: 1), Item(id: 2, saved: 1)])
    let addressed = seen.all.compactMap { $0.as(ElementAction<Item>.self) }
      .filter { $0.action is Saved }
    #expect(addressed.map(\.id) == [2])
    #expect(!seen.all.contains { $0 is Saved })
  }

  @Test("removing an element cancels its commands in flight; the other elements' go on")
  func removalCancels() async {
    let clock = TestClock()
    let jobs = SaveJobs()
    let store = shelfStore(Shelf(items: [Item(id: 1), Item(id: 2)]), clock: clock, jobs: jobs)
    store.dispatch(ElementAction<Item>(id: 1, action: Save()))
    store.dispatch(ElementAction<Item>(id: 2, action: Save()))
    store.dispatch(RemoveItem(id: 2))
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [2])
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    var saved = store.values(select: \.items).makeAsyncIterator()
    while let items = await saved.next(), items != [Item(id: 1, saved: 1)] {}
    #expect(jobs.cancelledIDs.all == [2])
  }

  @Test("an element removed by the same action that started its command has that command cancelled")
  func removedInTheSameAction() async {
    let clock = TestClock()
    let jobs = SaveJobs()
    let item = itemReducer(clock: clock, jobs: jobs)
    let shelf = CommandReducer<Shelf>
      .on(ElementAction<Item>.self) { shelf, action in
        shelf.items.removeAll { $0.id == action.id }
        return .none
      }
      .forEach(\.items, element: item)
    let store = Store(initialState: Shelf(items: [Item(id: 1)]), commandReducer: shelf)
    store.dispatch(ElementAction<Item>(id: 1, action: Save()))
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [1])
    #expect(store.state.items.isEmpty)
  }

  @Test("each element's cancel ids are its own")
  func cancelIDsAreNamespaced() async {
    let clock = TestClock()
    let jobs = SaveJobs()
    let store = shelfStore(Shelf(items: [Item(id: 1), Item(id: 2)]), clock: clock, jobs: jobs)
    store.dispatch(ElementAction<Item>(id: 1, action: Save()))
    store.dispatch(ElementAction<Item>(id: 2, action: Save()))
    store.dispatch(ElementAction<Item>(id: 1, action: CancelSave()))
    await jobs.waitForCancellations()
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    var saved = store.values(select: \.items).makeAsyncIterator()
    while let items = await saved.next(), items != [Item(id: 1), Item(id: 2, saved: 1)] {}
    #expect(jobs.cancelledIDs.all == [1])
  }

  @Test("removing an outer element cancels the commands of the elements inside it")
  func nestedRemovalCancels() async {
    let jobs = SaveJobs()
    let group = groupReducer(jobs: jobs)
    let groups = CommandReducer<Groups>
      .on(RemoveItem.self) { state, action in
        state.groups.removeAll { $0.id == action.id }
        return .none
      }
      .forEach(\.groups, element: group)
    let store = Store(
      initialState: Groups(groups: [
        Group(id: 1, items: [Item(id: 7)]), Group(id: 2, items: [Item(id: 7)]),
      ]),
      commandReducer: groups)
    for id in [1, 2] {
      store.dispatch(
        ElementAction<Group>(id: id, action: ElementAction<Item>(id: 7, action: Save())))
    }
    store.dispatch(RemoveItem(id: 1))
    await jobs.waitForCancellations()
    store.dispatch(RemoveItem(id: 2))
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [7, 7])
  }

  @Test(
    "without a store: an element's command, and nothing for the rest; a removal returns no cancel, the store ends the element's work"
  )
  func inspectable() {
    let reducer = shelfReducer(clock: TestClock(), jobs: SaveJobs())
    var state = Shelf(items: [Item(id: 1)])
    #expect(reducer(&state, ClearDetail()).isNone)
    #expect(reducer(&state, ElementAction<Item>(id: 1, action: Save())).hasAsyncWork)
    let removal = reducer(&state, RemoveItem(id: 1))
    #expect(removal.cancelledIDs.isEmpty)
    #expect(!removal.hasAsyncWork)
  }

  static let forEachLine: UInt = #line + 2
  static let items = CommandReducer<Shelf>.empty
    .forEach(\.items, element: itemReducer(clock: TestClock(), jobs: SaveJobs()))

  @Test(
    "an action for an id no element has changes nothing, returns no command and warns at the call")
  func missingElementWarns() throws {
    var state = Shelf(items: [Item(id: 1)])
    var command = Command.none
    let reported = warnings {
      command = Self.items(&state, ElementAction<Item>(id: 9, action: Save()))
    }
    #expect(state == Shelf(items: [Item(id: 1)]))
    #expect(command.isNone)
    let warning = try #require(reported.count == 1 ? reported.first : nil)
    #expect(
      warning.message.contains(
        #"forEach at \Shelf.items got Save() (in ElementAction<Item>) for id 9"#))
    #expect(warning.fileID == "ReduxCommandTests/CommandReducer+ForEachTests.swift")
    #expect(warning.line == Self.forEachLine)
  }

  @Test("a command store hands the reducer's runtime warnings to its onRuntimeWarning handler")
  func storeRoutesWarnings() {
    let routed = Recorder<RuntimeWarning>()
    let store = Store(
      initialState: Shelf(items: [Item(id: 1)]), commandReducer: Self.items,
      onRuntimeWarning: { routed.append($0) })
    store.dispatch(ElementAction<Item>(id: 9, action: Save()))
    #expect(store.state == Shelf(items: [Item(id: 1)]))
    #expect(routed.all.count == 1)
    #expect(routed.all.first?.message.contains("for id 9") == true)
  }
}
