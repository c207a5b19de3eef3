import Clocks
import ReduxCommand
import ReduxCore
import Testing

@Suite("CommandReducer.forEach for a stack", .timeLimit(.minutes(1)))
struct CommandReducerStackForEachTests {
  /// A shelf with three item pages on its stack: ids 0, 1 and 2 for items 10, 11 and 12.
  static let threePages = Shelf(path: [
    .item(Item(id: 10)), .item(Item(id: 11)), .item(Item(id: 12)),
  ])

  static func save(_ id: Int) -> StackAction<Page> {
    .element(id: StackElementID(id), action: ChildAction<Item>(Save()))
  }

  @Test("a screen's command sends its actions back as element actions with the screen's id")
  func actionsComeBackAddressed() async {
    let seen = Recorder<any Action>()
    let store = shelfStore(Self.threePages, clock: TestClock(), jobs: SaveJobs(), seen: seen)
    await store.send(
      StackAction<Page>.element(id: StackElementID(1), action: ChildAction<Item>(SaveNow()))
    ).finish()
    #expect(store.state.path[1] == .item(Item(id: 11, saved: 1)))
    let addressed = seen.all.compactMap { action -> StackElementID? in
      guard case .element(let id, let child)? = action.as(StackAction<Page>.self),
        child.as(ChildAction<Item>.self)?.action is Saved
      else { return nil }
      return id
    }
    #expect(addressed == [StackElementID(1)])
  }

  @Test("popping from a screen cancels the commands of it and the screens above; those below go on")
  func popFromCancels() async {
    let clock = TestClock()
    let jobs = SaveJobs()
    let store = shelfStore(Self.threePages, clock: clock, jobs: jobs)
    for id in 0..<3 { store.dispatch(Self.save(id)) }
    store.dispatch(StackAction<Page>.popFrom(id: StackElementID(1)))
    await jobs.waitForCancellations(2)
    #expect(jobs.cancelledIDs.all.sorted() == [11, 12])
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    var pages = store.values(select: \.path).makeAsyncIterator()
    while let path = await pages.next(), Array(path) != [.item(Item(id: 10, saved: 1))] {}
    #expect(jobs.cancelledIDs.all.count == 2)
  }

  @Test("popping to a screen cancels the commands of the screens above it only")
  func popToCancels() async {
    let jobs = SaveJobs()
    let store = shelfStore(Self.threePages, clock: TestClock(), jobs: jobs)
    for id in 0..<3 { store.dispatch(Self.save(id)) }
    store.dispatch(StackAction<Page>.popTo(id: StackElementID(1)))
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [12])
    #expect(store.state.path.ids == [StackElementID(0), StackElementID(1)])
  }

  @Test("a screen that sends Dismiss is popped with the screens above it, and their work ends")
  func screenDismissesItself() async {
    let jobs = SaveJobs()
    let store = shelfStore(Self.threePages, clock: TestClock(), jobs: jobs)
    store.dispatch(Self.save(2))
    await store.send(
      StackAction<Page>.element(id: StackElementID(1), action: ChildAction<Item>(Close()))
    ).finish()
    await jobs.waitForCancellations()
    #expect(store.state.path.ids == [StackElementID(0)])
    #expect(jobs.cancelledIDs.all == [12])
  }

  @Test("a parent that pops the stack directly cancels the popped screens' commands")
  func parentPopCancels() async {
    let jobs = SaveJobs()
    let clock = TestClock()
    let shelf = CommandReducer<Shelf>
      .on(ClearDetail.self) { shelf, _ in
        shelf.path.removeAll()
        return .none
      }
      .forEach(\.path, destination: pageReducer(clock: clock, jobs: jobs))
    let store = Store(initialState: Self.threePages, commandReducer: shelf)
    store.dispatch(Self.save(0))
    store.dispatch(ClearDetail())
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [10])
  }

  static let forEachLine: UInt = #line + 2
  static let path = CommandReducer<Shelf>.empty
    .forEach(\.path, destination: pageReducer(clock: TestClock(), jobs: SaveJobs()))

  @Test("an action for a screen not on the stack changes nothing, returns no command and warns")
  func missingScreenWarns() throws {
    var state = Self.threePages
    var command = Command.none
    let reported = warnings { command = Self.path(&state, Self.save(5)) }
    #expect(state == Self.threePages)
    #expect(command.isNone)
    let warning = try #require(reported.count == 1 ? reported.first : nil)
    #expect(warning.message.contains("but no screen on the stack has id #5"))
    #expect(warning.line == Self.forEachLine)
  }
}
