import Dispatch
import Foundation
import ReduxCore
import ReduxSaga
import ReduxSeam
import Testing

@Suite("Sagas under load")
struct SagaLoadTests {
  // A bound in seconds says nothing under ThreadSanitizer, which slows every step several times.
  @Test(
    "with 4 threads feeding a takeLatest saga, no dispatch runs 1 s and puts land during the load",
    .timeLimit(.minutes(1)), .disabled(if: isUnderThreadSanitizer))
  func dispatchStaysBounded() async throws {
    let sagas = SagaMiddleware<TestState>()
    let store = Store(
      initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
    // Each request's worker races a take against a short delay on the real clock, so jobs keep
    // arriving from the clock's threads while dispatching threads resume sagas.
    sagas.run("latest") { saga in
      saga.takeLatest(.type(Request.self)) { saga, _ in
        _ = try await saga.race(
          { try await saga.take(Ping.self) }, { try await saga.delay(.milliseconds(5)) })
        await saga.put(Add())
      }
    }
    let load = Duration.seconds(2)
    let end = ContinuousClock.now.advanced(by: load)
    let longest = Lock(Duration.zero)
    let countAtEnd = Lock(0)
    onThreads(4) {
      var index = 0
      while ContinuousClock.now < end {
        let action: any Action = index.isMultiple(of: 3) ? Ping(id: index) : Request(id: index)
        let start = ContinuousClock.now
        store.dispatch(action)
        let took = ContinuousClock.now - start
        longest.withLock { $0 = max($0, took) }
        index += 1
      }
      let count = store.state.count
      countAtEnd.withLock { $0 = max($0, count) }
    }
    let during = countAtEnd.withLock { $0 }
    let after = store.state.count
    let worst = longest.withLock { $0 }
    #expect(worst < .seconds(1), "the longest dispatch took \(worst)")
    #expect(during > 0)
    // What was reduced after the load is the tail of the last workers, not a backlog held
    // back while one dispatch drained for everybody.
    #expect(after - during < max(100, during / 4), "\(during) puts during the load, \(after) after")
  }

  @Test(
    "with 4 threads feeding takeEvery and takeLatest sagas, their puts keep pace with the load",
    .timeLimit(.minutes(1)), .disabled(if: isUnderThreadSanitizer))
  func putsKeepPace() async throws {
    let sagas = SagaMiddleware<TestState>()
    let store = Store(
      initialState: TestState(), reducer: testReducer, middleware: [sagas.middleware])
    sagas.run("root") { saga in
      saga.takeEvery(.type(Request.self)) { saga, _ in await saga.put(Add()) }
      saga.takeLatest(.type(Request.self)) { saga, _ in
        _ = try await saga.race(
          { try await saga.take(Ping.self) }, { try await saga.delay(.milliseconds(5)) })
        await saga.put(Add())
      }
    }
    let end = ContinuousClock.now.advanced(by: .seconds(3))
    let requests = Lock(0)
    onThreads(4) {
      var index = 0
      while ContinuousClock.now < end {
        let isRequest = !index.isMultiple(of: 3)
        store.dispatch(isRequest ? Request(id: index) : Ping(id: index))
        if isRequest { requests.withLock { $0 += 1 } }
        index += 1
      }
    }
    // Every request's takeEvery worker puts once. A put is queued in the store without waiting
    // for room, so new actions wait for it: what is not reduced yet when the load stops is what
    // the store's queue holds, not a backlog of puts held outside it (which had reached three
    // quarters of the puts, and memory grew with it).
    let sent = requests.withLock { $0 }
    let reduced = store.state.count
    #expect(sent - reduced < max(3_500, sent / 3), "\(sent) requests, \(reduced) puts reduced")
  }
}

/// Runs `body` on `count` threads of its own at once (more than the machine's cores: load, not
/// parallelism) and returns when every one has finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
  let finished = DispatchSemaphore(value: 0)
  for _ in 0..<count {
    Thread {
      body()
      finished.signal()
    }.start()
  }
  for _ in 0..<count { finished.wait() }
}

/// Whether this process runs under ThreadSanitizer (its runtime is linked in).
let isUnderThreadSanitizer: Bool = {
  #if canImport(Darwin)
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
  #else
    let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
  #endif
  return dlsym(everywhere, "__tsan_init") != nil
}()
