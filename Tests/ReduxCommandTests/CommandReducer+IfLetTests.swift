import Clocks
import ReduxCommand
import ReduxCore
import Testing

@Suite("CommandReducer.ifLet", .timeLimit(.minutes(1)))
struct CommandReducerIfLetTests {
  @Test("the child's command sends its actions back wrapped in a ChildAction")
  func actionsComeBackAddressed() async {
    let seen = Recorder<any Action>()
    let store = shelfStore(
      Shelf(detail: Item(id: 1)), clock: TestClock(), jobs: SaveJobs(), seen: seen)
    await store.send(ChildAction<Item>(SaveNow())).finish()
    #expect(store.state.detail == Item(id: 1, saved: 1))
    #expect(seen.all.contains { $0.as(ChildAction<Item>.self)?.action is Saved })
    #expect(!seen.all.contains { $0 is Saved })
  }

  @Test("dismissing the child cancels its commands in flight")
  func dismissCancels() async {
    let jobs = SaveJobs()
    let store = shelfStore(Shelf(detail: Item(id: 1)), clock: TestClock(), jobs: jobs)
    store.dispatch(ChildAction<Item>(Save()))
    store.dispatch(ChildAction<Item>.dismiss)
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [1])
    #expect(store.state.detail == nil)
  }

  @Test("a parent that sets the child to nil cancels its commands in flight")
  func parentClearingCancels() async {
    let jobs = SaveJobs()
    let store = shelfStore(Shelf(detail: Item(id: 1)), clock: TestClock(), jobs: jobs)
    store.dispatch(ChildAction<Item>(Save()))
    store.dispatch(ClearDetail())
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [1])
  }

  @Test("the child asks to be dismissed by sending Dismiss: it is set to nil and its work ends")
  func childDismissesItself() async {
    let jobs = SaveJobs()
    let store = shelfStore(Shelf(detail: Item(id: 1)), clock: TestClock(), jobs: jobs)
    store.dispatch(ChildAction<Item>(Save()))
    await store.send(ChildAction<Item>(Close())).finish()
    await jobs.waitForCancellations()
    #expect(store.state.detail == nil)
    #expect(jobs.cancelledIDs.all == [1])
  }

  @Test(
    "a custom wrapper's child gets its own actions back in that wrapper, and is dismissed alone")
  func customWrapper() async {
    let jobs = SaveJobs()
    let seen = Recorder<any Action>()
    let store = shelfStore(
      Shelf(detail: Item(id: 1), draft: Item(id: 2)), clock: TestClock(), jobs: jobs, seen: seen)
    store.dispatch(ChildAction<Item>(Save()))
    await store.send(DraftAction(SaveNow())).finish()
    #expect(seen.all.contains { $0.as(DraftAction.self)?.action is Saved })
    #expect(store.state.draft == Item(id: 2, saved: 1))
    #expect(store.state.detail == Item(id: 1))
    store.dispatch(DraftAction.dismiss)
    store.dispatch(ChildAction<Item>.dismiss)
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [1])
    #expect(store.state.draft == nil)
  }

  static let ifLetLine: UInt = #line + 2
  static let detail = CommandReducer<Shelf>.empty
    .ifLet(\.detail, then: itemReducer(clock: TestClock(), jobs: SaveJobs()))

  @Test(
    "a child action while the child is nil changes nothing, returns no command and warns at the call"
  )
  func absentChildWarns() throws {
    var state = Shelf()
    var command = Command.none
    let reported = warnings { command = Self.detail(&state, ChildAction<Item>(Save())) }
    #expect(state == Shelf())
    #expect(command.isNone)
    let warning = try #require(reported.count == 1 ? reported.first : nil)
    #expect(warning.message.contains(#"ifLet at \Shelf.detail got Save() (in ChildAction<Item>)"#))
    #expect(warning.line == Self.ifLetLine)
  }
}
