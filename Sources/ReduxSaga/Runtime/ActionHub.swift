import ReduxCore

// Hands each action the store has reduced to the sagas waiting for it.
//
// A watcher is either one-shot (a `take`: removed when it matches) or persistent (an action
// channel or a helper such as `takeEvery`: it sees every match until removed). Matching runs
// under the lock and must be cheap and pure; what a match does (resume a task, fork a worker)
// runs after the lock is released, in registration order, with the origin of the action being
// processed, while the caller drains the saga scheduler. With nobody waiting, `deliveries`
// takes the lock once and allocates nothing.

final class Watcher: Sendable {
  let id: UInt64
  let isOneShot: Bool
  /// Returns the work to do for a matching action, or `nil` if the action does not match.
  let offer: @Sendable (any Action) -> (@Sendable (ActionOrigin) -> Void)?
  /// Called once when END is dispatched while the watcher is registered.
  let end: @Sendable () -> Void
  /// Called by the owner that removed the watcher because its task was cancelled.
  let cancel: @Sendable () -> Void

  init(
    id: UInt64, isOneShot: Bool,
    offer: @escaping @Sendable (any Action) -> (@Sendable (ActionOrigin) -> Void)?,
    end: @escaping @Sendable () -> Void,
    cancel: @escaping @Sendable () -> Void = {}
  ) {
    self.id = id
    self.isOneShot = isOneShot
    self.offer = offer
    self.end = end
    self.cancel = cancel
  }
}

@usableFromInline
final class ActionHub: Sendable {
  private let state = Protected(HubState())

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

  func makeID() -> UInt64 {
    state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
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
      for (id, waiter) in state.registrationWaiters where watcher.offer(waiter.action) != nil {
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
  /// the watchers it matches (a one-shot watcher is removed now), to run with the action's
  /// origin. END ends every watcher.
  @usableFromInline
  func deliveries(of action: any Action) -> (@Sendable (ActionOrigin) -> Void)? {
    if action.as(END.self) != nil {
      return endAll()
    }
    // One match (the common case) allocates no array; one-shot watchers that matched are
    // removed in one pass, not one `remove(at:)` each, and in place: the array keeps its
    // buffer for the next take (a new array cost a malloc and a free per round trip).
    let (first, more): ((@Sendable (ActionOrigin) -> Void)?, [@Sendable (ActionOrigin) -> Void]) =
      state.withLock { state in
        guard !state.watchers.isEmpty else { return (nil, []) }
        var first: (@Sendable (ActionOrigin) -> Void)?
        var more: [@Sendable (ActionOrigin) -> Void] = []
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
        if kept < state.watchers.count {
          state.watchers.removeSubrange(kept...)
        }
        return (first, more)
      }
    guard let first else { return nil }
    if more.isEmpty { return first }
    return { origin in
      first(origin)
      for job in more { job(origin) }
    }
  }

  private func endAll() -> (@Sendable (ActionOrigin) -> Void)? {
    let (watchers, waiters) = state.withLock { state in
      let wasEnded = state.isEnded
      state.isEnded = true
      defer {
        state.watchers = []
        state.registrationWaiters = [:]
      }
      return wasEnded ? ([], []) : (state.watchers, Array(state.registrationWaiters.values))
    }
    guard !watchers.isEmpty || !waiters.isEmpty else { return nil }
    return { _ in
      for watcher in watchers { watcher.end() }
      for waiter in waiters { waiter.continuation.resume(returning: false) }
    }
  }

  /// Waits until a registered watcher would take `action`; returns `false` after END or when
  /// `stop` is called.
  func waitForWatcher(matching action: any Action, id: UInt64) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let answer: Bool? = state.withLock { state in
        if state.isEnded || state.stoppedWaits.remove(id) != nil { return false }
        if state.watchers.contains(where: { $0.offer(action) != nil }) { return true }
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
