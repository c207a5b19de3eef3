import ReduxCore

// Hands each action the store has reduced to the sagas waiting for it.
//
// A watcher is either one-shot (a `take`: removed when it matches) or persistent (an action
// channel or a helper such as `takeEvery`: it sees every match until removed). Matching runs
// under the lock and must be cheap and pure; what a match does (resume a task, fork a worker)
// runs after the lock is released, in registration order, with the origin of the action being
// processed, while the caller drains the saga scheduler. With nobody waiting, `deliveries`
// takes the lock once and allocates nothing.

/// Which actions a take waits for.
@usableFromInline
enum ActionMatch: Sendable {
  /// Actions of exactly this struct or enum type: one comparison, and nothing to allocate.
  case exactly(ObjectIdentifier)
  case predicate(@Sendable (any Action) -> Bool)

  /// Actions of type `A`, as ``ReduxCore/Action/as(_:)`` matches them (a class also matches
  /// its subclasses).
  @inlinable
  static func of<A: Action>(_ type: A.Type) -> ActionMatch {
    if A.self is AnyClass { return .predicate { $0.as(A.self) != nil } }
    return .exactly(ObjectIdentifier(A.self))
  }

  func matches(_ action: any Action) -> Bool {
    switch self {
    case .exactly(let type): ObjectIdentifier(Swift.type(of: action)) == type
    case .predicate(let predicate): predicate(action)
    }
  }
}

/// What a take gets: the action, and the origin of the dispatch that delivered it, on whose
/// behalf the taking saga's work resumes.
struct TakenAction: Sendable {
  let action: any Action
  let origin: ActionOrigin
}

/// A saga's registration in the hub.
///
/// A take is one-shot: removed when it matches, and resumed exactly once, by whoever removed
/// it (a delivery, END, or a cancellation). An action channel or a helper such as `takeEvery`
/// is persistent: it sees every match until removed. A value, stored in the hub's array: as
/// an object it cost a malloc and a free per take.
struct Watcher: Sendable {
  let id: UInt64
  private let kind: Kind

  private enum Kind: Sendable {
    case take(ActionMatch, UnsafeContinuation<TakenAction?, any Error>)
    case persistent(
      offer: @Sendable (any Action) -> (@Sendable (ActionOrigin) -> Void)?,
      end: @Sendable () -> Void)
  }

  /// A take: `continuation` gets the matching action and its origin, `nil` at END, or
  /// `CancellationError`.
  init(
    id: UInt64, take match: ActionMatch, _ continuation: UnsafeContinuation<TakenAction?, any Error>
  ) {
    self.id = id
    kind = .take(match, continuation)
  }

  /// A persistent watcher: `offer` returns the work to do for a matching action (`nil` if it
  /// does not match); `end` is called once at END.
  init(
    id: UInt64,
    offer: @escaping @Sendable (any Action) -> (@Sendable (ActionOrigin) -> Void)?,
    end: @escaping @Sendable () -> Void
  ) {
    self.id = id
    kind = .persistent(offer: offer, end: end)
  }

  var isOneShot: Bool {
    if case .take = kind { return true }
    return false
  }

  /// Whether `action` would be taken; pure, called under the hub's lock.
  func matches(_ action: any Action) -> Bool {
    switch kind {
    case .take(let match, _): match.matches(action)
    case .persistent(let offer, _): offer(action) != nil
    }
  }

  /// What delivering `action` does, or `nil` if it does not match; called under the hub's
  /// lock, run after it.
  fileprivate func offer(_ action: any Action) -> Delivery.Job? {
    switch kind {
    case .take(let match, let continuation):
      guard match.matches(action) else { return nil }
      return .resume(continuation)
    case .persistent(let offer, _):
      return offer(action).map { .run($0) }
    }
  }

  /// END: a take returns `nil`; a persistent watcher ends.
  func end() {
    switch kind {
    case .take(_, let continuation): continuation.resume(returning: nil)
    case .persistent(_, let end): end()
    }
  }

  /// Resumes a take removed because its task was cancelled; a persistent watcher's owner
  /// handles its own cancellation.
  func cancel() {
    if case .take(_, let continuation) = kind {
      continuation.resume(throwing: CancellationError())
    }
  }
}

/// The watchers one action matched, to run in registration order with the action's origin
/// once the hub's lock is released. One match (the common case) allocates nothing.
@usableFromInline
struct Delivery: Sendable {
  fileprivate enum Job: Sendable {
    case resume(UnsafeContinuation<TakenAction?, any Error>)
    case run(@Sendable (ActionOrigin) -> Void)
    case end(Watcher)
  }

  private let action: any Action
  private let first: Job
  private let more: [Job]

  fileprivate init(action: any Action, first: Job, more: [Job]) {
    self.action = action
    self.first = first
    self.more = more
  }

  /// Runs the matched watchers; call it while draining the saga scheduler.
  @usableFromInline
  func run(origin: ActionOrigin) {
    run(first, origin)
    for job in more { run(job, origin) }
  }

  private func run(_ job: Job, _ origin: ActionOrigin) {
    switch job {
    case .resume(let continuation):
      continuation.resume(returning: TakenAction(action: action, origin: origin))
    case .run(let work):
      work(origin)
    case .end(let watcher):
      watcher.end()
    }
  }
}

@usableFromInline
final class ActionHub: Sendable {
  private let state = Lock(HubState())

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
      return state.watchers.remove(at: index)
    }
  }

  /// What delivering an action the store has reduced does, or `nil` when nobody waits for it:
  /// the watchers it matches (a one-shot watcher is removed now). END ends every watcher.
  @usableFromInline
  func deliveries(of action: any Action) -> Delivery? {
    if action.as(END.self) != nil {
      return endAll(action)
    }
    // One-shot watchers that matched are removed in one pass, not one `remove(at:)` each, and
    // in place: the array keeps its buffer for the next take (a new array cost a malloc and a
    // free per round trip).
    let (first, more): (Delivery.Job?, [Delivery.Job]) = state.withLock { state in
      guard !state.watchers.isEmpty else { return (nil, []) }
      var first: Delivery.Job?
      var more: [Delivery.Job] = []
      // The watchers that stay are moved down to `kept`, in order.
      var kept = 0
      for index in state.watchers.indices {
        let watcher = state.watchers[index]
        if let job = watcher.offer(action) {
          if first == nil { first = job } else { more.append(job) }
          if watcher.isOneShot { continue }
        }
        if kept != index { state.watchers[kept] = watcher }
        kept += 1
      }
      // One at a time from the end: `removeSubrange` went through the array's generic range
      // replacement, about 200 instructions, for what is most often one watcher.
      while state.watchers.count > kept { state.watchers.removeLast() }
      return (first, more)
    }
    guard let first else { return nil }
    return Delivery(action: action, first: first, more: more)
  }

  private func endAll(_ end: any Action) -> Delivery? {
    let (watchers, waiters) = state.withLock { state in
      let wasEnded = state.isEnded
      state.isEnded = true
      defer {
        state.watchers = []
        state.registrationWaiters = [:]
      }
      return wasEnded ? ([], []) : (state.watchers, Array(state.registrationWaiters.values))
    }
    var jobs: [Delivery.Job] = watchers.map { .end($0) }
    if !waiters.isEmpty {
      jobs.append(
        .run { _ in for waiter in waiters { waiter.continuation.resume(returning: false) } })
    }
    guard let first = jobs.first else { return nil }
    return Delivery(action: end, first: first, more: Array(jobs.dropFirst()))
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
