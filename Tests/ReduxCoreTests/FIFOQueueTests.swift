import ReduxCore
import ReduxSeam
import Testing

@Suite("FIFOQueue")
struct FIFOQueueTests {
  @Test("elements come out in the order they went in, across emptyings and refills")
  func order() {
    var queue = FIFOQueue<String>()
    #expect(queue.removeFirst() == nil)
    queue.append("a")
    queue.append("b")
    #expect(queue.removeFirst() == "a")
    queue.append("c")
    #expect(queue.count == 2)
    #expect(queue.removeFirst() == "b")
    #expect(queue.removeFirst() == "c")
    #expect(queue.isEmpty)
    #expect(queue.removeFirst() == nil)
    // Refilled after emptying: the kept room is reused, in order.
    for letter in ["d", "e", "f"] { queue.append(letter) }
    #expect(queue.removeAll() == ["d", "e", "f"])
    #expect(queue.isEmpty)
    queue.append("g")
    #expect(queue.removeFirst() == "g")
    // Taken from and appended to at once: removeAll and first see both, oldest first.
    for letter in ["h", "i", "j"] { queue.append(letter) }
    #expect(queue.removeFirst() == "h")
    queue.append("k")
    #expect(queue.first == "i")
    #expect(queue.count == 3)
    #expect(queue.removeAll() == ["i", "j", "k"])
    #expect(queue.first == nil)
  }

  @Test("a queue under sustained load, which never empties, keeps its order")
  func sustainedLoad() {
    var queue = FIFOQueue<Int>()
    var next = 0
    var expected = 0
    // Always two ahead: the queue never empties, so its appended elements are taken over
    // for taking many times while others wait.
    for _ in 0..<1_000 {
      queue.append(next)
      queue.append(next + 1)
      next += 2
      #expect(queue.removeFirst() == expected)
      expected += 1
    }
    #expect(queue.count == 1_000)
    while let value = queue.removeFirst() {
      #expect(value == expected)
      expected += 1
    }
    #expect(expected == next)
  }

  @Test("a queue that empties after a burst gives its memory back; a small one keeps it")
  func capacityAfterBurst() {
    var queue = FIFOQueue<Int>()
    for value in 0..<10 { queue.append(value) }
    while queue.removeFirst() != nil {}
    #expect(queue.capacity >= 10)
    for value in 0..<1_000 { queue.append(value) }
    while queue.removeFirst() != nil {}
    #expect(queue.capacity <= FIFOQueue<Int>.keptCapacity)
  }

  @Test("first is the oldest element, left in the queue, and nil when empty")
  func first() {
    var queue = FIFOQueue<String>()
    #expect(queue.first == nil)
    queue.append("a")
    queue.append("b")
    #expect(queue.first == "a")
    #expect(queue.count == 2)
    #expect(queue.removeFirst() == "a")
    #expect(queue.first == "b")
    #expect(queue.removeFirst() == "b")
    #expect(queue.first == nil)
    queue.append("c")
    #expect(queue.first == "c")
  }
}
