import Clocks
import ReduxCommand
import ReduxCore
import Testing

/// Takes every child out of the shelf, as an app's reducer might, outside the operators that
/// hold the children.
struct Wipe: Action {}
/// Moves the presented page to another case, from the parent.
struct SwitchPage: Action {}
/// Presents another item in the detail's place, without nil in between.
struct ReplaceDetail: Action { var id: Int }

@Suite("A child's commands end when the child goes, whoever removes it", .timeLimit(.minutes(1)))
struct ChildLifetimeTests {
  static let wipe = CommandReducer<Shelf>
    .on(Wipe.self) { shelf, _ in
      shelf.items = []
      shelf.detail = nil
      shelf.page = nil
      shelf.path = StackState()
      return .none
    }
    .on(SwitchPage.self) { shelf, _ in
      shelf.page = .other
      return .none
    }
    .on(ReplaceDetail.self) { shelf, action in
      shelf.detail = Item(id: action.id)
      return .none
    }

  enum Position: String, CaseIterable, Sendable {
    case before, after
  }

  /// The shelf with ``wipe`` combined before or after the reducer that holds its children.
  static func store(
    _ shelf: Shelf, wipe position: Position, clock: TestClock<Duration>, jobs: SaveJobs
  ) -> Store<Shelf> {
    let shelfReducer = shelfReducer(clock: clock, jobs: jobs)
    let reducer =
      position == .before
      ? CommandReducer.combine(wipe, shelfReducer)
      : CommandReducer.combine(shelfReducer, wipe)
    return Store(initialState: shelf, commandReducer: reducer)
  }

  static let fullShelf = Shelf(
    items: [Item(id: 1)], detail: Item(id: 2), page: .item(Item(id: 3)),
    path: StackState([.item(Item(id: 4))]))

  /// Starts a save in each of the shelf's four children: a row, the detail, the presented
  /// page and the screen on the stack.
  static func startSaves(in store: Store<Shelf>) {
    store.dispatch(ElementAction<Item>(id: 1, action: Save()))
    store.dispatch(ChildAction<Item>(Save()))
    store.dispatch(ChildAction<Page>(ChildAction<Item>(Save())))
    let screen = store.state.path.ids[0]
    store.dispatch(StackAction<Page>.element(id: screen, action: ChildAction<Item>(Save())))
  }

  @Test(
    "a row, a presented child, a presented case and a stack screen removed by a reducer combined before or after their operators",
    arguments: Position.allCases)
  func removedByAnotherReducer(position: Position) async {
    let clock = TestClock()
    let jobs = SaveJobs()
    let store = Self.store(Self.fullShelf, wipe: position, clock: clock, jobs: jobs)
    Self.startSaves(in: store)
    store.dispatch(Wipe())
    await jobs.waitForCancellations(4)
    #expect(jobs.cancelledIDs.all.sorted() == [1, 2, 3, 4])
    #expect(store.state == Shelf())
  }

  @Test("a parent that moves a presented enum to another case ends the first case's commands")
  func caseSwitchedByTheParent() async {
    let clock = TestClock()
    let jobs = SaveJobs()
    let store = Self.store(Shelf(page: .item(Item(id: 3))), wipe: .after, clock: clock, jobs: jobs)
    store.dispatch(ChildAction<Page>(ChildAction<Item>(Save())))
    store.dispatch(SwitchPage())
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [3])
    #expect(store.state.page == .other)
  }

  @Test(
    "an Identifiable child replaced by another without nil in between: the first one's commands end, and their result never reaches the second"
  )
  func replacedByAnotherChild() async {
    let clock = TestClock()
    let jobs = SaveJobs()
    let store = Self.store(Shelf(detail: Item(id: 2)), wipe: .after, clock: clock, jobs: jobs)
    store.dispatch(ChildAction<Item>(Save()))
    store.dispatch(ReplaceDetail(id: 5))
    await jobs.waitForCancellations()
    await clock.advance(by: .seconds(2))
    #expect(jobs.cancelledIDs.all == [2])
    #expect(store.state.detail == Item(id: 5))
  }

  @Test("the same child changed in place keeps its commands")
  func changedInPlace() async {
    let clock = TestClock()
    let jobs = SaveJobs()
    let store = Self.store(Shelf(detail: Item(id: 2)), wipe: .after, clock: clock, jobs: jobs)
    store.dispatch(ChildAction<Item>(Save()))
    store.dispatch(ReplaceDetail(id: 2))
    await clock.untilSleeping()
    await clock.advance(by: .seconds(1))
    var details = store.values(select: \.detail).makeAsyncIterator()
    while let detail = await details.next(), detail != Item(id: 2, saved: 1) {}
    #expect(jobs.cancelledIDs.all.isEmpty)
  }

  @Test("children inside a lifted reducer end when a reducer of the parent removes them")
  func insideALiftedReducer() async {
    struct Room: Equatable, Sendable { var shelf = ChildLifetimeTests.fullShelf }
    let clock = TestClock()
    let jobs = SaveJobs()
    let room = CommandReducer.combine(
      shelfReducer(clock: clock, jobs: jobs).lift(\Room.shelf),
      CommandReducer<Room>.on(Wipe.self) { room, _ in
        room.shelf = Shelf()
        return .none
      })
    let store = Store(initialState: Room(), commandReducer: room)
    store.dispatch(ElementAction<Item>(id: 1, action: Save()))
    store.dispatch(ChildAction<Item>(Save()))
    store.dispatch(Wipe())
    await jobs.waitForCancellations(2)
    #expect(jobs.cancelledIDs.all.sorted() == [1, 2])
  }

  @Test("a row inside a row, removed by a reducer at the root, has its commands cancelled")
  func nestedRowRemovedAtTheRoot() async {
    let jobs = SaveJobs()
    let group = groupReducer(jobs: jobs)
    let groups = CommandReducer.combine(
      CommandReducer<Groups>.empty.forEach(\.groups, element: group),
      CommandReducer<Groups>.on(RemoveItem.self) { state, action in
        for index in state.groups.indices {
          state.groups[index].items.removeAll { $0.id == action.id }
        }
        return .none
      })
    let store = Store(
      initialState: Groups(groups: [Group(id: 1, items: [Item(id: 7), Item(id: 8)])]),
      commandReducer: groups)
    for id in [7, 8] {
      store.dispatch(
        ElementAction<Group>(id: 1, action: ElementAction<Item>(id: id, action: Save())))
    }
    store.dispatch(RemoveItem(id: 8))
    await jobs.waitForCancellations()
    #expect(jobs.cancelledIDs.all == [8])
    #expect(store.state.groups[0].items == [Item(id: 7)])
  }
}
