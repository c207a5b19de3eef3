import ReduxSeam

// The store's drain rules as a value that owns the queue: which thread processes it (the
// drainer), what an arriving item does, when the drainer hands its role over, and when
// producers must wait. It holds no lock and calls nothing: the engine (StoreEngine.swift) runs
// it under the store's lock, passes thread identities in, and performs what its answers say
// (wake waiting threads, wait, process the item it hands out). Its counters change only through
// its own transitions, so every rule here is tested without threads (DrainMachineTests).
//
// The rules it encodes are stated once, in docs/concurrency.md ("Order and threads", "Under
// load"): an item on an idle store is done at once by its thread; on a busy one it is queued;
// the drainer and any thread draining a store never wait; other threads wait on a full queue
// (back-pressure) and take the role over once the drainer has spent its budget (hand-over); a
// cancel on another thread waits for the drainer's next step.

/// How much a store queues, and how much of other threads' work one `dispatch` call does.
@usableFromInline
enum StoreLimits {
  /// Queued items a drainer processes before it hands the role to the next thread that arrives.
  @usableFromInline static let drainBudget = 256
  /// Queued items at which a thread that is not draining waits for room.
  @usableFromInline static let queueCapacity = 1_024
}

/// What an item arriving at the store does.
@usableFromInline
enum Admission: Equatable, Sendable {
  /// The store was idle: the arriving thread is now the drainer and does the item itself.
  case drain
  /// Queued for the drainer; the arriving thread goes on.
  case queued
  /// The queue is full: the item was not queued; wait for room (``DrainMachine/hasRoom``).
  case wait
  /// Queued; wait until the role is handed over (``DrainMachine/drainer`` is this thread), then
  /// drain.
  case takeOver
}

/// The drain rules over a store's queue (see the top of this file), and the queue.
@usableFromInline
struct DrainMachine<Item> {
  /// The draining thread's identity; 0 when the store is idle. Thread identities are never 0.
  @usableFromInline private(set) var drainer: UInt = 0
  /// The items queued for the drainer, oldest first.
  @usableFromInline private(set) var queue = FIFOQueue<Item>()
  /// Items ever queued, and ever taken off the queue: the numbers the drainer's own items are
  /// known by.
  @usableFromInline private(set) var queued: UInt = 0
  @usableFromInline private(set) var dequeued: UInt = 0
  /// The number (`queued` just after it was queued) of the drainer's last own item: the
  /// drainer does not hand its role over before `dequeued` has reached it.
  @usableFromInline private(set) var lastOwnItem: UInt = 0
  /// The numbers of its other own items still queued, oldest first. Most drains have one own
  /// item queued at most, so a store whose drainer has none never looks into this list
  /// (CoreProfile's `middleware` scenario).
  @usableFromInline private(set) var earlierOwnItems = FIFOQueue<UInt>()
  /// Whether the item the drainer processes now is its own work: the item it arrived with, or
  /// one its own work queued. What it queues while it processes another thread's item is that
  /// thread's work, so it does not keep the drainer past its budget.
  @usableFromInline private(set) var processesOwnItem = false
  /// The drainer spent its budget and waits for a successor.
  @usableFromInline private(set) var wantsSuccessor = false
  /// The thread that will take the role over (0 if none), and the number of its queued item.
  @usableFromInline private(set) var successor: UInt = 0
  @usableFromInline private(set) var successorItem: UInt = 0
  /// Threads waiting for room in the queue.
  @usableFromInline private(set) var producersWaiting = 0
  /// Bumped each time the drainer takes its next step: a cancel on another thread waits for it.
  @usableFromInline private(set) var step: UInt = 0
  /// Threads waiting for the drainer's next step.
  @usableFromInline private(set) var cancelsWaiting = 0
  @usableFromInline let budget: Int
  @usableFromInline let capacity: Int

  @inlinable
  init(budget: Int = StoreLimits.drainBudget, capacity: Int = StoreLimits.queueCapacity) {
    self.budget = budget
    self.capacity = capacity
  }

  @inlinable
  var isDraining: Bool { drainer != 0 }

  /// Items queued and not yet taken.
  @inlinable
  var queueCount: Int { queue.count }

  /// What an item arriving from `thread` would do; changes nothing.
  ///
  /// - Parameter drainsAStore: Whether `thread` is draining a store (this one or another) now.
  @inlinable
  func decide(thread: UInt, drainsAStore: Bool) -> Admission {
    if drainer == 0 { return .drain }
    if drainer == thread || drainsAStore { return .queued }
    if wantsSuccessor && successor == 0 { return .takeOver }
    return queueCount >= capacity ? .wait : .queued
  }

  /// Admits an item arriving from `thread`: on an idle store the thread becomes the drainer and
  /// does the item itself (`.drain`); on a busy one the item, built by `item` only then, is
  /// queued (`.queued`, or `.takeOver`: its thread takes the role over at the hand-over), or
  /// nothing happens and the thread waits for room (`.wait`).
  @inlinable
  mutating func admit(
    thread: UInt, drainsAStore: Bool, _ item: () -> Item
  ) -> Admission {
    let admission = decide(thread: thread, drainsAStore: drainsAStore)
    switch admission {
    case .drain:
      startDraining(thread: thread)
    case .queued, .takeOver:
      queue.append(item())
      queued &+= 1
      if admission == .takeOver {
        successor = thread
        successorItem = queued
      } else if drainer == thread && processesOwnItem {
        recordOwnItem(queued)
      }
    case .wait:
      break
    }
    return admission
  }

  /// Changes the item queued last (the one ``admit(thread:drainsAStore:_:)`` just queued).
  @inlinable
  mutating func updateLastQueued(_ change: (inout Item) -> Void) {
    queue.updateLast(change)
  }

  /// Makes `thread` the drainer of an idle store: an item it does itself, or a dispatch without
  /// middleware that reduced in place and now notifies.
  @inlinable
  mutating func startDraining(thread: UInt) {
    drainer = thread
    processesOwnItem = true
  }

  /// The drainer's next item, taken off the queue, after it processed `processed` queued items
  /// in this turn; nil when it stops: the store is idle (``drainer`` is 0) or the role went to a
  /// successor (``drainer`` is the successor), who goes on with the queue. Sets `wake` when
  /// threads waiting on the store must be woken.
  @inlinable
  mutating func next(processed: Int, wake: inout Bool) -> Item? {
    step &+= 1
    wake = cancelsWaiting > 0
    if lastOwnItem <= dequeued {
      if successor != 0 {
        drainer = successor
        lastOwnItem = successorItem
        processesOwnItem = false
        successor = 0
        wantsSuccessor = false
        wake = true
        return nil
      }
      if processed >= budget && !wantsSuccessor && queueCount > 0 {
        wantsSuccessor = true
        wake = wake || producersWaiting > 0
      }
    }
    if queueCount == 0 {
      drainer = 0
      wantsSuccessor = false
      wake = wake || producersWaiting > 0
      return nil
    }
    dequeued &+= 1
    processesOwnItem = dequeued <= lastOwnItem
    if processesOwnItem && dequeued != lastOwnItem { settleOwnership() }
    // Producers wait only while the queue is full, and it shrinks one item at a time, so it
    // passes half its capacity before they could go on: they are woken there, once.
    if producersWaiting > 0 && queueCount == capacity / 2 + 1 { wake = true }
    return queue.removeFirst()
  }

  /// Counts item `number` as the drainer's own.
  @inlinable
  mutating func recordOwnItem(_ number: UInt) {
    if lastOwnItem > dequeued { keepEarlierOwnItem() }
    lastOwnItem = number
  }

  /// The last own item is still queued when another is recorded: it goes to the list. Out of
  /// line, as ``settleOwnership()``: rare, and it would make its callers larger.
  @usableFromInline @inline(never)
  mutating func keepEarlierOwnItem() {
    earlierOwnItems.append(lastOwnItem)
  }

  /// The item taken is before the drainer's last own item: whether it is one of the earlier
  /// own items after all (not another thread's, queued before the last of them); if so, it
  /// leaves the list.
  @usableFromInline @inline(never)
  mutating func settleOwnership() {
    processesOwnItem = earlierOwnItems.first == dequeued
    if processesOwnItem { _ = earlierOwnItems.removeFirst() }
  }

  /// Whether a thread waiting for room may arrive again.
  @inlinable
  var hasRoom: Bool {
    drainer == 0 || queueCount < capacity || (wantsSuccessor && successor == 0)
  }

  /// A thread starts waiting for room in the queue.
  @inlinable
  mutating func waitForRoom() {
    producersWaiting += 1
  }

  /// A thread that waited for room stops waiting.
  @inlinable
  mutating func stopWaitingForRoom() {
    producersWaiting -= 1
  }

  /// Whether a cancel on `thread` must wait for the drainer's next step before it returns, and
  /// the step to wait past; counts the waiter until ``stopWaitingForStep()``. Nil when the
  /// store is idle, when `thread` is the drainer, or when it drains a store (it must never
  /// wait).
  @inlinable
  mutating func cancelMustWait(thread: UInt, drainsAStore: Bool) -> UInt? {
    guard drainer != 0, drainer != thread, !drainsAStore else { return nil }
    cancelsWaiting += 1
    return step
  }

  /// A cancel that waited for the drainer's next step stops waiting.
  @inlinable
  mutating func stopWaitingForStep() {
    cancelsWaiting -= 1
  }

  /// Whether the drainer has moved past `step` (or stopped), so a waiting cancel may return.
  @inlinable
  func hasMoved(past step: UInt) -> Bool {
    self.step != step || drainer == 0
  }

  /// Takes every queued item off the queue (when the store goes, with items never processed).
  @inlinable
  mutating func removeAll() -> [Item] {
    queue.removeAll()
  }
}
