import ReduxCore
import ReduxSeam
import Synchronization

// Hands each action the store has reduced to the sagas waiting for it.
//
// A watcher is either one-shot (a `take`: removed when it matches) or persistent (an action
// channel or a helper such as `takeEvery`: it sees every match until removed). Matching runs
// under the lock and must be cheap and pure; what a match does (resume a task, fork a worker)
// runs after the lock is released, in registration order, with the origin of the action being
// processed, while the caller drains the saga scheduler. With nobody waiting, a delivery
// takes no lock and allocates nothing.

/// The watchers of one runtime, in registration order: the sagas waiting for actions.
@usableFromInline
final class ActionHub: Sendable {
  private let state = Lock(HubState())
  /// Whether any watcher is registered: `!state.watchers.isEmpty`, written with it under the
  /// lock and read without it, so an action nobody waits for (most of them: a saga's own
  /// puts, for one) is delivered without the lock.
  private let hasWatchers = Atomic<Bool>(false)

  private struct HubState {
    var watchers: [Watcher] = []
    var nextID: UInt64 = 0
    var isEnded = false
    var registrationWaiters: [UInt64: RegistrationWaiter] = [:]
    var stoppedWaits: Set<UInt64> = []
  }

  /// A test harness waiting until some watcher would take an action.
  private struct RegistrationWaiter {
    let action: any Action
    let continuation: CheckedContinuation<Bool, Never>
  }

  /// A new watcher id; odd, so it never equals a ``TakeSlot/id``.
  func makeID() -> UInt64 {
    state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID &* 2 &+ 1
    }
  }

  /// Whether END has been dispatched; after it, every take ends at once.
  var isEnded: Bool { state.withLock { $0.isEnded } }

  /// Registers a watcher; returns `false` (and registers nothing) after END.
  func add(_ watcher: Watcher) -> Bool {
    let ready: [CheckedContinuation<Bool, Never>]? = state.withLock { state in
      guard !state.isEnded else { return nil }
      state.watchers.append(watcher)
      hasWatchers.store(true, ordering: .releasing)
      guard !state.registrationWaiters.isEmpty else { return [] }
      var ready: [CheckedContinuation<Bool, Never>] = []
      for (id, waiter) in state.registrationWaiters where watcher.matches(waiter.action) {
        ready.append(waiter.continuation)
        state.registrationWaiters.removeValue(forKey: id)
      }
      return ready
    }
    guard let ready else { return false }
    for continuation in ready { continuation.resume(returning: true) }
    return true
  }

  /// Removes a watcher; returns it if it was still registered (so its owner resumes it).
  @discardableResult
  func remove(_ id: UInt64) -> Watcher? {
    state.withLock { state in
      guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
      defer { hasWatchers.store(!state.watchers.isEmpty, ordering: .releasing) }
      return state.watchers.remove(at: index)
    }
  }

  /// Delivers an action the store has reduced: the watchers it matches (a one-shot watcher is
  /// removed now) run in registration order, with `origin`, inside a drain of `scheduler`, so
  /// the sagas they resume run up to their next wait before this returns. END ends every
  /// watcher. With nobody waiting, it reads one atomic and does nothing more: no lock, no
  /// `Delivery?` made (an optional holding an existential is destroyed through the runtime's
  /// generic value witnesses).
  @usableFromInline
  func deliver(
    _ action: any Action, origin: @autoclosure () -> ActionOrigin,
    draining scheduler: SagaScheduler
  ) {
    let isEnd = Self.isEnd(action)
    // A watcher registered concurrently is seen or not, as it would be were it registered
    // just after (or before) the hub's lock was taken here.
    guard isEnd || hasWatchers.load(ordering: .acquiring) else { return }
    let (first, more) =
      isEnd ? endAll() : matches(of: action, ObjectIdentifier(type(of: action)))
    guard let first else { return }
    let delivery = Delivery(action: action, first: first, more: more)
    scheduler.withDrain { delivery.run(origin: origin()) }
  }

  /// Whether `action` is ``END``: read from the existential itself (END is a struct, so its
  /// type there is its dynamic type), where `type(of:)` asks the runtime (about 60
  /// instructions, for every action, most of which nobody waits for).
  @inline(__always)
  private static func isEnd(_ action: any Action) -> Bool {
    func isEnd<A: Action>(_: A) -> Bool { A.self == END.self }
    return isEnd(action)
  }

  /// What the watchers that match an action of dynamic type `actionType` do with it; the
  /// one-shot watchers among them are removed.
  @inline(__always)
  private func matches(of action: any Action, _ actionType: ObjectIdentifier) -> (
    first: Delivery.Job?, more: [Delivery.Job]
  ) {
    // One-shot watchers that matched are removed in one pass, not one `remove(at:)` each, and
    // in place: the array keeps its buffer for the next take (a new array cost a malloc and a
    // free per round trip).
    state.withLock { state in
      guard !state.watchers.isEmpty else { return (nil, []) }
      var first: Delivery.Job?
      var more: [Delivery.Job] = []
      // The watchers that stay are moved down to `kept`, in order.
      var kept = 0
      for index in state.watchers.indices {
        let watcher = state.watchers[index]
        if let job = watcher.offer(action, ofType: actionType) {
          if first == nil { first = job } else { more.append(job) }
          if watcher.isOneShot { continue }
        }
        if kept != index { state.watchers[kept] = watcher }
        kept += 1
      }
      // One at a time from the end: `removeSubrange` went through the array's generic range
      // replacement, about 200 instructions, for what is most often one watcher.
      while state.watchers.count > kept { state.watchers.removeLast() }
      if kept == 0 { hasWatchers.store(false, ordering: .releasing) }
      return (first, more)
    }
  }

  /// END: every watcher ends, and so does every wait for a registration; the hub takes no
  /// watcher from now on.
  private func endAll() -> (first: Delivery.Job?, more: [Delivery.Job]) {
    let (watchers, waiters) = state.withLock { state in
      let wasEnded = state.isEnded
      state.isEnded = true
      defer {
        state.watchers = []
        state.registrationWaiters = [:]
        hasWatchers.store(false, ordering: .releasing)
      }
      return wasEnded ? ([], []) : (state.watchers, Array(state.registrationWaiters.values))
    }
    var jobs: [Delivery.Job] = watchers.map { .end($0) }
    if !waiters.isEmpty {
      jobs.append(
        .run { _ in for waiter in waiters { waiter.continuation.resume(returning: false) } })
    }
    return (jobs.first, Array(jobs.dropFirst()))
  }

  /// The sagas waiting for an action now, in registration order, one line each, such as
  /// `profile waits for FetchUser` (an action channel, which buffers, is not listed).
  func waitDescriptions() -> [String] {
    let waits = state.withLock { state in
      state.watchers.compactMap { watcher in watcher.waiter.map { ($0, watcher.pattern) } }
    }
    // The stacks are built outside the hub's lock: building one takes the saga's lock.
    return waits.map { waiter, pattern in Self.describe(waiter.stack, waitingFor: pattern) }
  }

  /// One line of ``waitDescriptions()``: the saga stack, and the actions it waits for.
  static func describe(_ stack: [String], waitingFor pattern: String) -> String {
    let actions = pattern == "where" ? "an action its predicate accepts" : pattern
    return "\(stack.joined(separator: " > ")) waits for \(actions)"
  }

  /// Waits until a registered watcher would take `action`; returns `false` after END or when
  /// `stop` is called.
  func waitForWatcher(matching action: any Action, id: UInt64) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let answer: Bool? = state.withLock { state in
        if state.isEnded || state.stoppedWaits.remove(id) != nil { return false }
        if state.watchers.contains(where: { $0.matches(action) }) { return true }
        state.registrationWaiters[id] = RegistrationWaiter(
          action: action, continuation: continuation)
        return nil
      }
      if let answer { continuation.resume(returning: answer) }
    }
  }

  /// Ends a `waitForWatcher(matching:id:)` with `false`, now or as soon as it starts.
  func stopWaiting(_ id: UInt64) {
    let waiter = state.withLock { state in
      guard let waiter = state.registrationWaiters.removeValue(forKey: id) else {
        state.stoppedWaits.insert(id)
        return nil as RegistrationWaiter?
      }
      return waiter
    }
    waiter?.continuation.resume(returning: false)
  }
}
