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

/// A registered callback and where it is in the dispatch in progress (Facebook's isPending and
/// isHandled), stamped with the dispatch's number so that nothing is cleared between
/// dispatches: one dictionary lookup per step instead of one per set (`flux-independent`).
struct Registration {
  /// Nil once unregistered, so that what it captured goes at once. A record unregistered
  /// during a dispatch is kept, without it, until the next dispatch begins, so that a `waitFor`
  /// later in this one still sees whether it ran (Facebook checks isPending first).
  var callback: DispatchCallback?
  /// The dispatch in which the callback started (pending) and returned (handled).
  var startedIn: UInt64 = 0
  var handledIn: UInt64 = 0
  var isInCall = false
}

struct DispatcherState {
  private var registrations: [Int: Registration] = [:]
  /// The registrations unregistered since the last dispatch began.
  private var retired: [Int] = []
  private var order: [Int] = []
  private var nextID = 1

  private(set) var owner: ThreadIdentity?
  private var waiters: [TurnWaiter] = []

  private(set) var current: DispatchedAction?
  /// The number of the dispatch in progress, or of the last one; never 0 once one began.
  private(set) var dispatchNumber: UInt64 = 0
  private var running: [DispatchToken] = []
  /// The threads waiting for a callback unregistered while it ran, by id, until its call ends.
  private var ending: [Int: [TurnWaiter]] = [:]

  mutating func register(_ callback: @escaping DispatchCallback) -> Int {
    let id = nextID
    nextID += 1
    registrations[id] = Registration(callback: callback)
    order.append(id)
    return id
  }

  mutating func unregister(
    _ id: Int, on thread: ThreadIdentity
  ) -> (callback: DispatchCallback, waiter: TurnWaiter?)? {
    guard let registration = registrations[id], let callback = registration.callback else {
      return nil
    }
    if current == nil {
      registrations[id] = nil
    } else {
      registrations[id]?.callback = nil
      retired.append(id)
    }
    order.removeAll { $0 == id }
    guard registration.isInCall, owner != thread else { return (callback, nil) }
    let waiter = TurnWaiter(thread: thread)
    ending[id, default: []].append(waiter)
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

  mutating func begin(_ action: DispatchedAction) -> [Int] {
    current = action
    dispatchNumber &+= 1
    running.removeAll(keepingCapacity: true)
    for id in retired { registrations[id] = nil }
    retired.removeAll(keepingCapacity: true)
    return order
  }

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

  mutating func step(for token: DispatchToken, waitedFor: Bool) -> CallbackStep {
    // Looked up once and changed in place: an `Int` key costs a hash each time.
    switch Self.start(&registrations[token.id], in: dispatchNumber) {
    case .handled:
      return .skip
    case .pending:
      // Pending but not handled: its callback is on the stack, so waiting for it is a cycle.
      guard waitedFor else { return .skip }
      let start = running.firstIndex(of: token) ?? running.startIndex
      return .fail(.circularWaitFor(cycle: Array(running[start...]) + [token]))
    case .gone:
      // Unregistered during this dispatch before its turn: the loop skips it quietly.
      return waitedFor ? .fail(.unknownToken(token)) : .skip
    case .started(let callback):
      running.append(token)
      return .run(callback)
    }
  }

  private enum Start {
    case handled, pending, gone
    case started(DispatchCallback)
  }

  /// Marks `registration`'s callback started in dispatch `number`, unless it ran already.
  private static func start(_ registration: inout Registration?, in number: UInt64) -> Start {
    guard let found = registration else { return .gone }
    if found.handledIn == number { return .handled }
    if found.startedIn == number { return .pending }
    guard let callback = found.callback else { return .gone }
    registration?.startedIn = number
    registration?.isInCall = true
    return .started(callback)
  }

  mutating func callEnded(_ token: DispatchToken, handled: Bool) -> [TurnWaiter] {
    if handled, running.last == token { running.removeLast() }
    Self.end(&registrations[token.id], handled: handled, in: dispatchNumber)
    return ending.isEmpty ? [] : ending.removeValue(forKey: token.id) ?? []
  }

  private static func end(_ registration: inout Registration?, handled: Bool, in number: UInt64) {
    if handled { registration?.handledIn = number }
    registration?.isInCall = false
  }
}
