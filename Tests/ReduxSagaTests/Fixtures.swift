import ReduxCore
import ReduxSaga
import ReduxSeam

// Actions, state and tools shared by the saga tests.

struct Request: Action, Equatable { var id: Int = 0 }
struct Response: Action, Equatable { var id: Int = 0 }
struct Failed: Action, Equatable { var message: String }
struct Ping: Action, Equatable { var id: Int = 0 }
struct Stop: Action, Equatable {}
struct Add: Action, Equatable { var amount: Int = 1 }

struct TestError: Error, Equatable { var message = "boom" }

struct TestState: Sendable, Equatable {
  var count = 0
  var log: [String] = []
}

let testReducer = Reducer<TestState>
  .on(Add.self) { state, add in state.count += add.amount }
  .on(Response.self) { state, response in state.log.append("response \(response.id)") }
  .on(Failed.self) { state, failed in state.log.append("failed \(failed.message)") }

/// A store, its saga middleware and a probe that records monitor events and errors.
struct Harness: Sendable {
  let store: Store<TestState>
  let sagas: SagaMiddleware<TestState>
  let probe: Probe
  let clock: ManualClock

  init(state: TestState = TestState()) {
    let probe = Probe()
    let clock = ManualClock()
    sagas = SagaMiddleware(
      clock: clock, onError: { probe.recordError($0) }, monitor: { probe.record($0) })
    store = Store(initialState: state, reducer: testReducer, middleware: [sagas.middleware])
    self.probe = probe
    self.clock = clock
  }

  /// Dispatches once `count` takes of `pattern` have been registered in total.
  func dispatch(_ action: any Action, afterTakes count: Int = 1, of pattern: String) async {
    await probe.waitForTakes(of: pattern, count: count)
    store.dispatch(action)
  }

  /// Starts a new saga that takes a `Ping`, dispatches `ping` once `count` takes of `Ping` have
  /// been registered in total (the new saga's included), and returns what the new saga took:
  /// whether an earlier, cancelled take let the action through.
  func pingTakenByANewSaga(_ ping: Ping, afterTakes count: Int) async throws -> Ping {
    let after = sagas.run("after") { saga in try await saga.take(Ping.self) }
    await dispatch(ping, afterTakes: count, of: "Ping")
    return try await after.value
  }
}

/// Records monitor events and saga errors, and lets a test wait for them.
final class Probe: Sendable {
  private let state = Lock(ProbeState())

  private struct ProbeState {
    var events: [SagaMonitorEvent] = []
    var errors: [SagaError] = []
    var waiters:
      [(check: @Sendable (ProbeState) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
  }

  func record(_ event: SagaMonitorEvent) {
    update { $0.events.append(event) }
  }

  func recordError(_ error: SagaError) {
    update { $0.errors.append(error) }
  }

  var events: [SagaMonitorEvent] { state.withLock { $0.events } }
  var errors: [SagaError] { state.withLock { $0.errors } }

  /// Effects that started, as readable strings, in order.
  var started: [String] {
    events.compactMap { event in
      if case .started = event.phase { return event.effect.description }
      return nil
    }
  }

  func waitForTakes(of pattern: String, count: Int = 1) async {
    await wait { state in
      state.events.count { event in
        if case .started = event.phase, case .take(let name) = event.effect {
          return name == pattern
        }
        return false
      } >= count
    }
  }

  /// Waits until an effect with this description has started.
  func waitForEffect(_ description: String) async {
    await wait { state in
      state.events.contains { event in
        if case .started = event.phase { return event.effect.description == description }
        return false
      }
    }
  }

  func waitForErrors(_ count: Int) async {
    await wait { $0.errors.count >= count }
  }

  private func wait(_ check: @escaping @Sendable (ProbeState) -> Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isMet = state.withLock { state in
        if check(state) { return true }
        state.waiters.append((check, continuation))
        return false
      }
      if isMet { continuation.resume() }
    }
  }

  private func update(_ change: (inout ProbeState) -> Void) {
    let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
      change(&state)
      var ready: [CheckedContinuation<Void, Never>] = []
      let snapshot = state
      state.waiters.removeAll { waiter in
        guard waiter.check(snapshot) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }
}

/// A thread-safe value for tests, which a test can wait on.
final class Box<Value: Sendable>: Sendable {
  private let lock: Lock<(value: Value, waiters: [Waiter])>

  private struct Waiter {
    let isMet: @Sendable (Value) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  init(_ value: Value) {
    lock = Lock((value, []))
  }

  var value: Value { lock.withLock { $0.value } }

  func update(_ change: (inout Value) -> Void) {
    let ready: [CheckedContinuation<Void, Never>] = lock.withLock { state in
      change(&state.value)
      let value = state.value
      var ready: [CheckedContinuation<Void, Never>] = []
      state.waiters.removeAll { waiter in
        guard waiter.isMet(value) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  /// Waits until the value satisfies `isMet`.
  func wait(until isMet: @escaping @Sendable (Value) -> Bool) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = lock.withLock { state in
        if isMet(state.value) { return true }
        state.waiters.append(Waiter(isMet: isMet, continuation: continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }
}

/// A clock that moves only when told, and lets a test wait until sagas are asleep on it, so
/// timing tests are exact.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct ClockState {
    var now = Instant(offset: .zero)
    var sleepers: [Sleeper] = []
    var nextID = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Lock(ClockState())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (isDue, ready): (Bool, [CheckedContinuation<Void, Never>]) = state.withLock { state in
          if deadline <= state.now { return (true, []) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          var ready: [CheckedContinuation<Void, Never>] = []
          let count = state.sleepers.count
          state.waiters.removeAll { waiter in
            guard count >= waiter.count else { return false }
            ready.append(waiter.continuation)
            return true
          }
          return (false, ready)
        }
        if isDue { continuation.resume() }
        for waiter in ready { waiter.resume() }
        if Task.isCancelled { cancelSleeper(id) }
      }
    } onCancel: {
      cancelSleeper(id)
    }
  }

  private func cancelSleeper(_ id: Int) {
    let sleeper = state.withLock { state in
      state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
    }
    sleeper?.continuation.resume(throwing: CancellationError())
  }

  /// Waits until at least `count` tasks are asleep on this clock.
  func waitForSleepers(_ count: Int = 1) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isMet = state.withLock { state in
        if state.sleepers.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if isMet { continuation.resume() }
    }
  }

  /// Moves time forward and wakes, in deadline order, every sleeper that is due.
  func advance(by duration: Duration) {
    let due = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}

/// Strings appended from any thread, read back in arrival order.
final class StringLog: Sendable {
  private let storage = Lock<[String]>([])

  func append(_ value: String) {
    storage.withLock { $0.append(value) }
  }

  var values: [String] { storage.withLock { $0 } }
}

/// Waits in `take(Stop.self)` until cancelled, then appends `name` to `order` and rethrows: a
/// saga that records when its cleanup ran.
func waitRecordingCleanup(
  _ name: String, _ saga: SagaContext<TestState>, in order: Box<[String]>
) async throws {
  do {
    _ = try await saga.take(Stop.self)
  } catch {
    order.update { $0.append(name) }
    throw error
  }
}
