import ReduxCore
import ReduxFlux
import ReduxSeam
import Testing

enum Signal: Hashable, Sendable {
  case red
  case green
}

@Suite("EventEmitter")
struct EventEmitterTests {
  @Test("calls the listeners of an event in the order they were added, and only them")
  func emitOrder() {
    let emitter = EventEmitter<Signal>()
    let log = Log<String>()
    emitter.listen(.red) { _ in log.append("red 1") }
    emitter.listen(.green) { _ in log.append("green") }
    emitter.listen(.red) { event in log.append("red 2 \(event)") }

    emitter.emit(.red)

    #expect(log.all == ["red 1", "red 2 red"])
  }

  @Test("calls a once listener only the first time")
  func once() {
    let emitter = EventEmitter<Signal>()
    let log = Log<Int>()
    emitter.once(.red) { _ in log.append(1) }

    emitter.emit(.red)
    emitter.emit(.red)

    #expect(log.all == [1])
    #expect(emitter.listenerCount(for: .red) == 0)
  }

  @Test("calls a once listener exactly once when 8 tasks emit at the same time")
  func onceConcurrently() async {
    let emitter = EventEmitter<Signal>()
    let log = Log<Int>()
    emitter.once(.red) { _ in log.append(1) }
    let everyTime = Log<Int>()
    emitter.listen(.red) { _ in everyTime.append(1) }

    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 { group.addTask { emitter.emit(.red) } }
    }

    #expect(log.count == 1)
    #expect(everyTime.count == 8)
  }

  @Test("unlisten removes a listener and reports whether it found it")
  func unlisten() {
    let emitter = EventEmitter<Signal>()
    let other = EventEmitter<Signal>()
    let log = Log<Int>()
    let token = emitter.listen(.red) { _ in log.append(1) }
    let foreign = other.listen(.red) { _ in }

    #expect(emitter.unlisten(foreign) == false)
    #expect(emitter.unlisten(token))
    #expect(emitter.unlisten(token) == false)
    emitter.emit(.red)

    #expect(log.all.isEmpty)
  }

  @Test("removeAll(for:) removes only that event's listeners; removeAll() removes every one")
  func removeAll() {
    let emitter = EventEmitter<Signal>()
    let log = Log<Signal>()
    emitter.listen(.red) { log.append($0) }
    emitter.listen(.red) { log.append($0) }
    emitter.listen(.green) { log.append($0) }

    emitter.removeAll(for: .red)
    emitter.emit(.red)
    emitter.emit(.green)
    #expect(log.all == [.green])

    emitter.removeAll()
    emitter.emit(.green)
    #expect(log.all == [.green])
    #expect(emitter.listenerCount(for: .green) == 0)
  }

  @Test("a listener that unlistens itself during emit still lets the others run")
  func unlistenSelfDuringEmit() {
    let emitter = EventEmitter<Signal>()
    let log = Log<String>()
    let own = Lock<ListenerToken?>(nil)
    emitter.listen(.red) { _ in log.append("before") }
    let token = emitter.listen(.red) { [weak emitter] _ in
      log.append("self-removing")
      if let token = own.withLock({ $0 }) { emitter?.unlisten(token) }
    }
    own.withLock { $0 = token }
    emitter.listen(.red) { _ in log.append("after") }

    emitter.emit(.red)
    emitter.emit(.red)

    #expect(log.all == ["before", "self-removing", "after", "before", "after"])
  }

  @Test("a listener that unlistens a later listener during emit stops it in that emit")
  func unlistenOtherDuringEmit() {
    let emitter = EventEmitter<Signal>()
    let log = Log<String>()
    let victim = Lock<ListenerToken?>(nil)
    emitter.listen(.red) { [weak emitter] _ in
      log.append("remover")
      if let token = victim.withLock({ $0 }) { emitter?.unlisten(token) }
    }
    let token = emitter.listen(.red) { _ in log.append("victim") }
    victim.withLock { $0 = token }

    emitter.emit(.red)

    #expect(log.all == ["remover"])
  }

  @Test("a listener added during emit first runs on the next emit")
  func listenDuringEmit() {
    let emitter = EventEmitter<Signal>()
    let log = Log<String>()
    emitter.once(.red) { [weak emitter] _ in
      log.append("adder")
      emitter?.listen(.red) { _ in log.append("added") }
    }

    emitter.emit(.red)
    emitter.emit(.red)

    #expect(log.all == ["adder", "added"])
  }

  @Test("a listener may emit another event")
  func nestedEmit() {
    let emitter = EventEmitter<Signal>()
    let log = Log<Signal>()
    emitter.listen(.red) { [weak emitter] event in
      log.append(event)
      emitter?.emit(.green)
    }
    emitter.listen(.green) { log.append($0) }

    emitter.emit(.red)

    #expect(log.all == [.red, .green])
  }
}
