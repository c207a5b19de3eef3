import Clocks
import ReduxCommand
import ReduxSeam

@testable import ReduxCore

struct Counter: Equatable, Sendable {
  var count = 0
  var step = 1
  var seen: [String] = []
  var found: [Int] = []
}

struct Step: Action {}
struct StepDelayed: Action {}
struct Tick: Action {}
struct StartAuto: Action {}
struct StopAuto: Action {}
struct Named: Action, Equatable { var name: String }
struct Search: Action { var query: Int }
struct Found: Action { var query: Int }
struct Boom: Error, Equatable {}

/// The names of `actions` that are `Named`, in order; other actions become "?".
func names(_ actions: [any Action]) -> [String] {
  actions.map { $0.as(Named.self)?.name ?? "?" }
}

/// Values appended from any thread, read back in order.
final class Recorder<Value: Sendable>: Sendable {
  private let values = Lock<[Value]>([])

  func append(_ value: Value) {
    values.withLock { $0.append(value) }
  }

  var all: [Value] { values.withLock { $0 } }
}

/// A one-shot signal that any number of tasks wait for; it ignores cancellation on purpose, so
/// jobs held by it keep running after their command is cancelled and try to send.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}

/// Counts events sent from any task, and lets a test await the n-th.
final class Signal: Sendable {
  let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream()
  }

  func send() {
    continuation.yield()
  }

  /// Waits until `count` more events have arrived.
  func wait(count: Int = 1) async {
    var iterator = stream.makeAsyncIterator()
    for _ in 0..<count { _ = await iterator.next() }
  }
}

/// An object whose release is reported, to prove that something was freed.
final class Canary: Sendable {
  let onDeinit: Signal

  init(_ onDeinit: Signal) {
    self.onDeinit = onDeinit
  }

  deinit {
    onDeinit.send()
  }
}

extension TestClock<Duration> {
  /// Waits until some task is sleeping on this clock, so that advancing it wakes that task; stops
  /// waiting when the calling task is cancelled (a test past its time limit).
  func untilSleeping() async {
    while !Task.isCancelled, (try? await checkSuspension()) != nil {}
  }
}

/// A counter with a delayed step and a cancellable auto-increment that ticks on `clock`;
/// `autoEnded` hears when an auto-increment job returns.
func counterReducer(
  clock: some Clock<Duration>, autoEnded: Signal? = nil
) -> CommandReducer<Counter> {
  CommandReducer<Counter>
    .on(Step.self) { state, _ in
      state.count += state.step
      return .none
    }
    .on(Tick.self) { state, _ in
      state.count += 1
      return .none
    }
    .on(StepDelayed.self) { _, _ in
      .run { send in
        do {
          try await clock.sleep(for: .seconds(1))
          send(Step())
        } catch {}
      }
    }
    .on(StartAuto.self) { _, _ in
      Command.run { send in
        defer { autoEnded?.send() }
        while (try? await clock.sleep(for: .seconds(1))) != nil {
          send(Tick())
        }
      }
      .cancellable(id: "auto", cancelInFlight: true)
    }
    .on(StopAuto.self) { _, _ in .cancel(id: "auto") }
    .on(Named.self) { state, action in
      state.seen.append(action.name)
      return .none
    }
}

/// A store reference for command jobs that need to read the store they run in.
final class StoreRef: Sendable {
  private let weakStore = Lock<WeakBox>(WeakBox())

  struct WeakBox { weak var store: Store<Counter>? }

  var store: Store<Counter>? {
    get { weakStore.withLock { $0.store } }
    set { weakStore.withLock { $0.store = newValue } }
  }
}

// Child features: items in a list, an optional item, an enum case and a stack of pages, each
// item with a save job that sleeps on a clock and records when it is cancelled.

struct Item: Identifiable, Equatable, Sendable {
  let id: Int
  var saved = 0
}

/// Starts a job that sleeps a second, then sends ``Saved``; cancellable by id "save".
struct Save: Action {}
struct Saved: Action {}
/// Cancels the item's work with id "save".
struct CancelSave: Action {}
/// Starts a job that sends ``Saved`` at once.
struct SaveNow: Action {}
/// Starts a job that sends `Dismiss`: the item asks to be closed.
struct Close: Action {}
struct RemoveItem: Action { var id: Int }
struct ClearDetail: Action {}
/// Moves a page out of its `.item` case.
struct ShowOther: Action {}

/// What the items' save jobs report: the ids of the items whose job was cancelled.
final class SaveJobs: Sendable {
  let cancelledIDs = Recorder<Int>()
  let cancellations = Signal()

  /// Waits until `count` more jobs have been cancelled.
  func waitForCancellations(_ count: Int = 1) async {
    await cancellations.wait(count: count)
  }
}

func itemReducer(clock: some Clock<Duration>, jobs: SaveJobs) -> CommandReducer<Item> {
  CommandReducer<Item>
    .on(Save.self) { item, _ in
      let id = item.id
      return Command.run { send in
        do {
          try await clock.sleep(for: .seconds(1))
          send(Saved())
        } catch {
          jobs.cancelledIDs.append(id)
          jobs.cancellations.send()
        }
      }
      .cancellable(id: "save")
    }
    .on(Saved.self) { item, _ in
      item.saved += 1
      return .none
    }
    .on(CancelSave.self) { _, _ in .cancel(id: "save") }
    .on(SaveNow.self) { _, _ in .run { send in send(Saved()) } }
    .on(Close.self) { _, _ in .run { send in send(Dismiss()) } }
}

enum Page: Equatable, Sendable {
  case item(Item)
  case other
}

extension EnumCase where Enum == Page, Value == Item {
  static let item = EnumCase(embed: Page.item) { page in
    if case .item(let item) = page { item } else { nil }
  }
}

/// A page: its item case, and ``ShowOther`` (addressed to the page) leaves that case.
func pageReducer(clock: some Clock<Duration>, jobs: SaveJobs) -> CommandReducer<Page> {
  CommandReducer<Page>.on(ShowOther.self) { page, _ in
    page = .other
    return .none
  }
  .ifCaseLet(.item, then: itemReducer(clock: clock, jobs: jobs))
}

/// The address of ``Shelf/draft``, a second optional item.
/// Rows inside rows: groups of items, each item with its save job.
struct Group: Identifiable, Equatable, Sendable {
  let id: Int
  var items: [Item]
}

struct Groups: Equatable, Sendable { var groups: [Group] }

/// A group's reducer: its items, each with `itemReducer`'s save job.
func groupReducer(jobs: SaveJobs) -> CommandReducer<Group> {
  CommandReducer<Group>.empty
    .forEach(\.items, element: itemReducer(clock: TestClock(), jobs: jobs))
}

struct DraftAction: ChildActionWrapper {
  let action: any Action
  init(_ action: any Action) { self.action = action }
}

struct Shelf: Equatable, Sendable {
  var items: [Item] = []
  var detail: Item?
  var draft: Item?
  var page: Page?
  var path = StackState<Page>()
}

/// Every kind of child on one shelf; the parent removes items and clears the detail.
func shelfReducer(clock: some Clock<Duration>, jobs: SaveJobs) -> CommandReducer<Shelf> {
  let item = itemReducer(clock: clock, jobs: jobs)
  let page = pageReducer(clock: clock, jobs: jobs)
  return CommandReducer<Shelf>
    .on(RemoveItem.self) { shelf, action in
      shelf.items.removeAll { $0.id == action.id }
      return .none
    }
    .on(ClearDetail.self) { shelf, _ in
      shelf.detail = nil
      return .none
    }
    .forEach(\.items, element: item)
    .ifLet(\.detail, then: item)
    .ifLet(\.draft, action: DraftAction.self, then: item)
    .ifLet(\.page, then: page)
    .forEach(\.path, destination: page)
}

/// A store of `shelf`, with the actions it processes recorded by a middleware.
func shelfStore(
  _ shelf: Shelf, clock: some Clock<Duration>, jobs: SaveJobs, seen: Recorder<any Action>? = nil
) -> Store<Shelf> {
  let recorder = Middleware<Shelf> { _, action, next in
    seen?.append(action)
    next(action)
  }
  return Store(
    initialState: shelf, commandReducer: shelfReducer(clock: clock, jobs: jobs),
    middleware: [recorder])
}

/// The runtime warnings reported while `body` runs, as a store with a handler would get them.
func warnings(during body: () -> Void) -> [RuntimeWarning] {
  let recorder = Recorder<RuntimeWarning>()
  RuntimeWarningSlot.with(RuntimeWarningHandler { recorder.append($0) }) { body() }
  return recorder.all
}
