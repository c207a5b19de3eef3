import Testing

@testable import ReduxCore

/// The store's drain rules, transition by transition, without threads: thread identities are
/// plain numbers here (`drainer` 1, other threads 2 and 3), with a budget of 2 and room for 4.
@Suite("Drain rules")
struct DrainMachineTests {
  let drainer: UInt = 1
  let other: UInt = 2
  let third: UInt = 3

  /// A drain step without its item.
  enum Step: Equatable { case takeNext, idle, handOff }

  /// A store that thread 1 is draining, with `queued` items from other threads.
  func busy(queued: Int = 0) -> DrainMachine<Int> {
    var machine = DrainMachine<Int>(budget: 2, capacity: 4)
    machine.startDraining(thread: drainer)
    for _ in 0..<queued { enqueue(&machine, from: other) }
    return machine
  }

  /// Admits an item from `thread` that is queued (the store is busy); returns the admission.
  @discardableResult
  func enqueue(
    _ machine: inout DrainMachine<Int>, from thread: UInt, drainsAStore: Bool = false
  ) -> Admission {
    let admission = machine.admit(thread: thread, drainsAStore: drainsAStore) { Int(thread) }
    #expect(admission == .queued || admission == .takeOver)
    return admission
  }

  /// The drainer's next step, without its item.
  func next(_ machine: inout DrainMachine<Int>, processed: Int, wake: inout Bool) -> Step {
    if machine.next(processed: processed, wake: &wake) != nil { return .takeNext }
    return machine.isDraining ? .handOff : .idle
  }

  /// Takes `count` steps as the drainer, returning them.
  func steps(_ machine: inout DrainMachine<Int>, _ count: Int, processed: Int = 0) -> [Step] {
    (0..<count).map { index in
      var wake = false
      return next(&machine, processed: processed + index, wake: &wake)
    }
  }

  @Test("an item on an idle store makes its thread the drainer, which does it itself")
  func idleStoreDrains() {
    var machine = DrainMachine<Int>(budget: 2, capacity: 4)
    #expect(machine.decide(thread: other, drainsAStore: false) == .drain)
    #expect(machine.decide(thread: other, drainsAStore: true) == .drain)
    machine.startDraining(thread: other)
    #expect(machine.isDraining)
    #expect(machine.drainer == other)
    #expect(machine.queueCount == 0)
  }

  @Test("the drainer's own item is queued and marked its own; the role stays until it is done")
  func ownItem() {
    var machine = busy()
    #expect(machine.decide(thread: drainer, drainsAStore: true) == .queued)
    enqueue(&machine, from: drainer)
    #expect(machine.lastOwnItem == machine.queued)
    #expect(machine.queueCount == 1)
  }

  @Test("a thread draining another store is queued, never waits, even on a full queue")
  func otherDrainerNeverWaits() {
    var machine = busy(queued: 4)
    #expect(machine.decide(thread: other, drainsAStore: true) == .queued)
    enqueue(&machine, from: other, drainsAStore: true)
    #expect(machine.queueCount == 5)
    #expect(machine.lastOwnItem == 0)
  }

  @Test("another thread is queued while there is room, and waits on a full queue")
  func backPressure() {
    var machine = busy(queued: 3)
    #expect(machine.decide(thread: other, drainsAStore: false) == .queued)
    enqueue(&machine, from: other)
    #expect(machine.decide(thread: other, drainsAStore: false) == .wait)
    #expect(!machine.hasRoom)
    _ = steps(&machine, 1)
    #expect(machine.hasRoom)
    #expect(machine.decide(thread: other, drainsAStore: false) == .queued)
  }

  @Test("a waiting thread has room again once the store is idle")
  func roomWhenIdle() {
    var machine = busy(queued: 4)
    #expect(!machine.hasRoom)
    #expect(steps(&machine, 5) == [.takeNext, .takeNext, .takeNext, .takeNext, .idle])
    #expect(machine.hasRoom)
    #expect(machine.decide(thread: other, drainsAStore: false) == .drain)
  }

  @Test("the drainer takes queued items in turn, then goes idle")
  func drainsToIdle() {
    var machine = busy(queued: 2)
    var wake = true
    #expect(next(&machine, processed: 0, wake: &wake) == .takeNext)
    #expect(!wake)
    #expect(machine.queueCount == 1)
    #expect(next(&machine, processed: 1, wake: &wake) == .takeNext)
    #expect(next(&machine, processed: 2, wake: &wake) == .idle)
    #expect(!machine.isDraining)
    #expect(!wake)
  }

  @Test("going idle wakes waiting producers")
  func idleWakesProducers() {
    var machine = busy()
    machine.waitForRoom()
    var wake = false
    #expect(next(&machine, processed: 0, wake: &wake) == .idle)
    #expect(wake)
  }

  @Test("after its budget, with none of its own items left, the drainer wants a successor")
  func budgetSpent() {
    var machine = busy(queued: 3)
    machine.waitForRoom()
    var wake = false
    #expect(next(&machine, processed: 2, wake: &wake) == .takeNext)
    #expect(machine.wantsSuccessor)
    #expect(wake)
    #expect(machine.hasRoom)
    #expect(machine.decide(thread: other, drainsAStore: false) == .takeOver)
  }

  @Test("the budget waits for the drainer's own items")
  func budgetWaitsForOwnItems() {
    var machine = busy(queued: 1)
    enqueue(&machine, from: drainer)
    enqueue(&machine, from: other)
    _ = steps(&machine, 2, processed: 2)
    #expect(!machine.wantsSuccessor)
    _ = steps(&machine, 1, processed: 4)
    #expect(machine.wantsSuccessor)
  }

  @Test("with nothing queued, a drainer past its budget goes idle instead of wanting a successor")
  func noSuccessorForNothing() {
    var machine = busy()
    #expect(steps(&machine, 1, processed: 5) == [.idle])
    #expect(!machine.wantsSuccessor)
  }

  @Test("the first thread after the budget queues its item and becomes the successor")
  func successorQueues() {
    var machine = busy(queued: 3)
    _ = steps(&machine, 1, processed: 2)
    enqueue(&machine, from: other)
    #expect(machine.successor == other)
    #expect(machine.successorItem == machine.queued)
    // One successor: later threads are queued, or wait on a full queue.
    #expect(machine.decide(thread: third, drainsAStore: false) == .queued)
    enqueue(&machine, from: third)
    #expect(machine.decide(thread: third, drainsAStore: false) == .wait)
  }

  @Test("the role goes to the successor at the next step, which owns its queued item")
  func handOff() {
    var machine = busy(queued: 3)
    _ = steps(&machine, 1, processed: 2)
    enqueue(&machine, from: other)
    let item = machine.queued
    var wake = false
    #expect(next(&machine, processed: 3, wake: &wake) == .handOff)
    #expect(wake)
    #expect(machine.drainer == other)
    #expect(machine.lastOwnItem == item)
    #expect(machine.successor == 0)
    #expect(!machine.wantsSuccessor)
    // The successor drains the rest, its own item included, then goes idle.
    #expect(steps(&machine, 4) == [.takeNext, .takeNext, .takeNext, .idle])
  }

  @Test("the role is not handed over while the drainer has its own items queued")
  func noHandOffWithOwnItems() {
    var machine = busy(queued: 2)
    // Queued while the drainer processes the item it arrived with: its own work.
    enqueue(&machine, from: drainer)
    // Past its budget, with its own item still queued: no successor is wanted, so a thread
    // that arrives now is queued rather than taking the role over.
    _ = steps(&machine, 1, processed: 2)
    #expect(!machine.wantsSuccessor)
    #expect(enqueue(&machine, from: other) == .queued)
    #expect(machine.successor == 0)
    #expect(steps(&machine, 2, processed: 3) == [.takeNext, .takeNext])
    // Its own item done, the drainer wants a successor; the next thread takes the role over.
    #expect(steps(&machine, 1, processed: 5) == [.takeNext])
    #expect(machine.wantsSuccessor)
    #expect(enqueue(&machine, from: third) == .takeOver)
    #expect(steps(&machine, 1, processed: 6) == [.handOff])
    #expect(machine.drainer == third)
  }

  @Test("what the drainer queues while it processes another thread's item is not its own")
  func nestedInOthersWorkIsNotOwn() {
    var machine = busy(queued: 3)
    _ = steps(&machine, 1)
    #expect(!machine.processesOwnItem)
    // A middleware's dispatch, say, while the drainer processes the other thread's item.
    enqueue(&machine, from: drainer)
    #expect(machine.lastOwnItem == 0)
    _ = steps(&machine, 1, processed: 2)
    #expect(machine.wantsSuccessor)
    #expect(machine.decide(thread: third, drainsAStore: false) == .takeOver)
  }

  @Test("what the drainer queues while it processes its own queued item is its own")
  func nestedInOwnWorkIsOwn() {
    var machine = busy()
    enqueue(&machine, from: drainer)
    enqueue(&machine, from: other)
    _ = steps(&machine, 1)
    #expect(machine.processesOwnItem)
    enqueue(&machine, from: drainer)
    #expect(machine.lastOwnItem == machine.queued)
    _ = steps(&machine, 1)
    #expect(!machine.processesOwnItem)
    _ = steps(&machine, 1)
    #expect(machine.processesOwnItem)
    #expect(machine.earlierOwnItems.isEmpty)
  }

  @Test("producers are woken once, when the queue is down to half its capacity")
  func halfCapacityWake() {
    var machine = DrainMachine<Int>(budget: 100, capacity: 4)
    machine.startDraining(thread: drainer)
    for _ in 0..<4 { enqueue(&machine, from: other) }
    machine.waitForRoom()
    var wakes: [Bool] = []
    for processed in 0..<4 {
      var wake = false
      _ = next(&machine, processed: processed, wake: &wake)
      wakes.append(wake)
    }
    #expect(wakes == [false, true, false, false])
  }

  @Test("a cancel on another thread waits for the drainer's next step")
  func cancelWaitsForNextStep() {
    var machine = busy(queued: 1)
    let step = machine.cancelMustWait(thread: other, drainsAStore: false)
    #expect(step != nil)
    #expect(machine.cancelsWaiting == 1)
    #expect(!machine.hasMoved(past: step!))
    var wake = false
    #expect(next(&machine, processed: 0, wake: &wake) == .takeNext)
    #expect(wake)
    #expect(machine.hasMoved(past: step!))
  }

  @Test("a cancel waits for nothing on an idle store, on the drainer, or on a draining thread")
  func cancelNeverWaits() {
    var idle = DrainMachine<Int>(budget: 2, capacity: 4)
    #expect(idle.cancelMustWait(thread: other, drainsAStore: false) == nil)
    var machine = busy()
    #expect(machine.cancelMustWait(thread: drainer, drainsAStore: true) == nil)
    #expect(machine.cancelMustWait(thread: other, drainsAStore: true) == nil)
    #expect(machine.cancelsWaiting == 0)
  }

  @Test("a waiting cancel may return once the store goes idle")
  func cancelReturnsWhenIdle() {
    var machine = busy()
    let step = machine.cancelMustWait(thread: other, drainsAStore: false)!
    _ = steps(&machine, 1)
    #expect(!machine.isDraining)
    #expect(machine.hasMoved(past: step))
  }
}
