import Clocks
import ReduxCommand
import ReduxCore
import Testing

@Suite("CommandReducer.ifCaseLet", .timeLimit(.minutes(1)))
struct CommandReducerIfCaseLetTests {
  @Test("the case's command sends its actions back wrapped in a ChildAction")
  func actionsComeBackAddressed() async {
    let seen = Recorder<any Action>()
    let store = Store(
      initialState: Page.item(Item(id: 1)),
      commandReducer: pageReducer(clock: TestClock(), jobs: SaveJobs()),
      middleware: [
        Middleware { _, action, next in
          seen.append(action)
          next(action)
        }
      ])
    await store.send(ChildAction<Item>(SaveNow())).finish()
    #expect(store.state == .item(Item(id: 1, saved: 1)))
    #expect(seen.all.contains { $0.as(ChildAction<Item>.self)?.action is Saved })
  }

  @Test("leaving the case cancels the commands started in it")
  func leavingCancels() async {
    let jobs = SaveJobs()
    let store = Store(
      initialState: Page.item(Item(id: 1)),
      commandReducer: pageReducer(clock: TestClock(), jobs: jobs))
    store.dispatch(ChildAction<Item>(Save()))
    store.dispatch(ShowOther())
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [1])
    #expect(store.state == .other)
  }

  @Test("a presented page leaving its case cancels the case's commands, and the page stays")
  func presentedPageLeavingCancels() async {
    let jobs = SaveJobs()
    let store = shelfStore(Shelf(page: .item(Item(id: 1))), clock: TestClock(), jobs: jobs)
    store.dispatch(ChildAction<Page>(ChildAction<Item>(Save())))
    store.dispatch(ChildAction<Page>(ShowOther()))
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [1])
    #expect(store.state.page == .other)
  }

  @Test("a Dismiss from a case's command passes on unwrapped and dismisses the presented page")
  func dismissBubbles() async {
    let jobs = SaveJobs()
    let seen = Recorder<any Action>()
    let store = shelfStore(
      Shelf(page: .item(Item(id: 1))), clock: TestClock(), jobs: jobs, seen: seen)
    store.dispatch(ChildAction<Page>(ChildAction<Item>(Save())))
    await store.send(ChildAction<Page>(ChildAction<Item>(Close()))).finish()
    await jobs.waitForCancellations()
    #expect(store.state.page == nil)
    #expect(jobs.cancelledIDs.all == [1])
    #expect(seen.all.contains { $0.as(ChildAction<Page>.self)?.action is Dismiss })
  }

  static let ifCaseLetLine: UInt = #line + 2
  static let page = CommandReducer<Page>.empty
    .ifCaseLet(.item, then: itemReducer(clock: TestClock(), jobs: SaveJobs()))

  @Test("a case action in another case changes nothing, returns no command and warns at the call")
  func otherCaseWarns() throws {
    var state = Page.other
    var command = Command.none
    let reported = warnings { command = Self.page(&state, ChildAction<Item>(Save())) }
    #expect(state == .other)
    #expect(command.isNone)
    let warning = try #require(reported.count == 1 ? reported.first : nil)
    #expect(warning.message.contains("ifCaseLet on Page got Save() (in ChildAction<Item>)"))
    #expect(warning.line == Self.ifCaseLetLine)
  }
}
