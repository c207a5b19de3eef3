import Dispatch
import ReduxCore

// Everything a dispatcher knows, behind its one lock: the callbacks, whose turn it is, who is
// waiting, and the bookkeeping of the dispatch in progress (Facebook's isPending / isHandled).
//
// Turn taking: `owner` is the thread running the dispatch. A dispatch from another thread
// queues a `TurnWaiter` and blocks on its semaphore; the finishing thread hands the turn to the
// oldest waiter by making it the owner before waking it, so turns go in arrival order. A
// dispatch from the owner thread itself can only come from inside a callback, which Flux
// forbids. User callbacks never run while the lock is held.

typealias DispatchCallback = @Sendable (DispatchedAction) throws -> Void

/// A thread blocked until the dispatcher hands it the turn.
final class TurnWaiter: Sendable {
  let thread: ThreadIdentity
  private let semaphore = DispatchSemaphore(value: 0)

  init(thread: ThreadIdentity) {
    self.thread = thread
  }

  func wait() { semaphore.wait() }
  func wake() { semaphore.signal() }
}

/// What asking for the turn leads to.
enum TurnRequest {
  case granted
  case reentrant(inProgress: String)
  case wait(TurnWaiter)
}

/// What to do for one token during a dispatch.
enum CallbackStep {
  case skip
  case run(DispatchCallback)
  case fail(FluxError)
}

struct DispatcherState {
  private(set) var callbacks: [Int: DispatchCallback] = [:]
  /// Registered ids in registration order (ids only grow, so appending keeps the order).
  private var order: [Int] = []
  private var nextID = 1

  private(set) var owner: ThreadIdentity?
  private var waiters: [TurnWaiter] = []

  private(set) var current: DispatchedAction?
  private var pending: Set<Int> = []
  private var handled: Set<Int> = []
  /// Tokens whose callbacks are running, outermost first: the path a cycle is reported along.
  private var running: [DispatchToken] = []

  mutating func register(_ callback: @escaping DispatchCallback) -> Int {
    let id = nextID
    nextID += 1
    callbacks[id] = callback
    order.append(id)
    return id
  }

  /// Removes a callback and returns it, so the caller releases it after unlocking.
  mutating func unregister(_ id: Int) -> DispatchCallback? {
    guard let callback = callbacks.removeValue(forKey: id) else { return nil }
    order.removeAll { $0 == id }
    return callback
  }

  mutating func requestTurn(
    for thread: ThreadIdentity, dispatching action: DispatchedAction
  ) -> TurnRequest {
    guard let owner else {
      self.owner = thread
      return .granted
    }
    if owner == thread {
      return .reentrant(inProgress: current?.actionName ?? action.actionName)
    }
    let waiter = TurnWaiter(thread: thread)
    waiters.append(waiter)
    return .wait(waiter)
  }

  /// Starts the dispatch on the owner thread and returns the callbacks to run, in order.
  mutating func begin(_ action: DispatchedAction) -> [Int] {
    current = action
    pending.removeAll(keepingCapacity: true)
    handled.removeAll(keepingCapacity: true)
    running.removeAll(keepingCapacity: true)
    return order
  }

  /// Ends the dispatch and hands the turn to the oldest waiter, returned to be woken after the
  /// lock is released, together with the finished action (also released outside the lock).
  mutating func finish() -> (next: TurnWaiter?, finished: DispatchedAction?) {
    let finished = current
    current = nil
    running.removeAll(keepingCapacity: true)
    guard !waiters.isEmpty else {
      owner = nil
      return (nil, finished)
    }
    let next = waiters.removeFirst()
    owner = next.thread
    return (next, finished)
  }

  /// Decides what happens to `token` when the dispatch loop (`waitedFor == false`) or a
  /// `waitFor` (`waitedFor == true`) reaches it, and marks it pending when it runs.
  mutating func step(for token: DispatchToken, waitedFor: Bool) -> CallbackStep {
    let id = token.id
    if handled.contains(id) { return .skip }
    if pending.contains(id) {
      // Pending but not handled: its callback is on the stack, so waiting for it is a cycle.
      guard waitedFor else { return .skip }
      let start = running.firstIndex(of: token) ?? running.startIndex
      return .fail(.circularWaitFor(cycle: Array(running[start...]) + [token]))
    }
    guard let callback = callbacks[id] else {
      // Unregistered during this dispatch before its turn: the loop skips it quietly.
      return waitedFor ? .fail(.unknownToken(token)) : .skip
    }
    pending.insert(id)
    running.append(token)
    return .run(callback)
  }

  mutating func markHandled(_ token: DispatchToken) {
    handled.insert(token.id)
    if running.last == token { running.removeLast() }
  }
}
