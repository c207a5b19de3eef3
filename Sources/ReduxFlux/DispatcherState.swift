import Dispatch
import ReduxCore
import ReduxSeam

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
  /// Counts dispatches; the number of the one in progress tells stores' change marks apart.
  private(set) var dispatchNumber: UInt64 = 0
  private var pending: Set<Int> = []
  private var handled: Set<Int> = []
  /// Tokens whose callbacks are running, outermost first: the path a cycle is reported along.
  private var running: [DispatchToken] = []
  /// Callbacks handed out by `step` that have not returned yet (entered or about to be).
  private var inCall: Set<Int> = []
  /// Threads in `unregister` waiting for a callback in `inCall` to return.
  private var callWaiters: [Int: [TurnWaiter]] = [:]

  mutating func register(_ callback: @escaping DispatchCallback) -> Int {
    let id = nextID
    nextID += 1
    callbacks[id] = callback
    order.append(id)
    return id
  }

  /// Removes a callback and returns it, so the caller releases it after unlocking; `nil` when
  /// `id` is not registered.
  ///
  /// When the callback is running on another thread, the returned waiter is woken once it has
  /// returned: the caller waits for it, so that the callback never runs after `unregister`
  /// returns. On the dispatching thread itself (a callback unregistering) there is no waiter.
  mutating func unregister(
    _ id: Int, on thread: ThreadIdentity
  ) -> (callback: DispatchCallback, waiter: TurnWaiter?)? {
    guard let callback = callbacks.removeValue(forKey: id) else { return nil }
    order.removeAll { $0 == id }
    guard inCall.contains(id), owner != thread else { return (callback, nil) }
    let waiter = TurnWaiter(thread: thread)
    callWaiters[id, default: []].append(waiter)
    return (callback, waiter)
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
    dispatchNumber &+= 1
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
    inCall.insert(id)
    return .run(callback)
  }

  /// Records that the callback of `token` returned (`handled`) or threw, and returns the
  /// threads waiting in `unregister` for it, to be woken after the lock is released.
  mutating func callEnded(_ token: DispatchToken, handled: Bool) -> [TurnWaiter] {
    if handled {
      self.handled.insert(token.id)
      if running.last == token { running.removeLast() }
    }
    inCall.remove(token.id)
    return callWaiters.removeValue(forKey: token.id) ?? []
  }
}
