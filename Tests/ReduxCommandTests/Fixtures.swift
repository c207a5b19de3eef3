import Clocks
import ReduxCommand
import ReduxCore

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
  /// Waits until some task is sleeping on this clock, so that advancing it wakes that task.
  func untilSleeping() async {
    while (try? await checkSuspension()) != nil {}
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
