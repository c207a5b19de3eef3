import Foundation
import ReduxCore
import ReduxEffects
import ReduxSeam
import Testing

/// Opens once; every task waiting on it resumes.
final class Gate: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (stream, continuation) = AsyncStream.makeStream(of: Void.self)
  }

  func open() { continuation.finish() }

  func wait() async {
    for await _ in stream {}
  }
}

@Suite("ReduxEffects work reporting")
struct EffectsWorkReportingTests {
  @Test("send(...).finish() waits for an async effect and the actions it dispatched")
  func asyncEffect() async {
    let gate = Gate()
    let store = Store(
      initialState: AppState(), reducer: appReducer,
      effects: [
        .task(on: Increment.self) { _, _, dispatch in
          await gate.wait()
          dispatch(Append(text: "loaded"))
        }
      ])
    let task = await store.send(Increment())
    #expect(store.state.count == 1)
    #expect(!task.isFinished)
    gate.open()
    await task.finish()
    #expect(store.state.log == ["loaded"])
  }

  @Test("send(...).finish() waits for an async thunk and the actions it dispatched")
  func asyncThunk() async {
    let gate = Gate()
    let store = Store(initialState: AppState(), reducer: appReducer, middleware: [.thunks()])
    let task = await store.send(
      Thunk<AppState, Void>.task { dispatch, _ in
        await gate.wait()
        dispatch(Append(text: "a"))
        await dispatch.send(Append(text: "b"))
      })
    #expect(!task.isFinished)
    gate.open()
    await task.finish()
    #expect(store.state.log == ["a", "b"])
  }

  @Test("an effect started by an action a thunk sent counts for the thunk's send")
  func nestedWork() async {
    let gate = Gate()
    let store = Store(
      initialState: AppState(), reducer: appReducer,
      effects: [
        .task(on: Rename.self) { _, _, dispatch in
          await gate.wait()
          dispatch(Increment())
        }
      ],
      middleware: [.thunks()])
    let task = await store.send(
      Thunk<AppState, Void>.task { dispatch, _ in dispatch(Rename(name: "Grace")) })
    gate.open()
    await task.finish()
    #expect(store.state.profile.name == "Grace")
    #expect(store.state.count == 1)
  }

  @Test("a plain dispatch records no work")
  func plainDispatchUntracked() async {
    let gate = Gate()
    let store = Store(
      initialState: AppState(), reducer: appReducer,
      effects: [.task(on: Increment.self) { _, _, _ in await gate.wait() }],
      middleware: [.thunks()])
    store.dispatch(Increment())
    store.dispatch(Thunk<AppState, Void>.task { _, _ in await gate.wait() })
    #expect(store.workLedger.descriptions().isEmpty)
    gate.open()
  }
}

@Suite("ThunkDispatch")
struct ThunkDispatchTests {
  @Test("await dispatch.send resumes with the action reduced while another thread is busy")
  func sendWhileBusy() async throws {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let blocker = Middleware<AppState> { _, action, next in
      if let rename = action as? Rename, rename.name == "slow" {
        entered.signal()
        release.wait()
      }
      next(action)
    }
    let store = Store(
      initialState: AppState(), reducer: appReducer, middleware: [.thunks(), blocker])
    let go = Gate()
    let sending = Signal<Void>()
    let seen = Signal<[String]>()
    store.dispatch(
      Thunk<AppState, Void>.task { dispatch, getState in
        await go.wait()
        sending.send(())
        await dispatch.send(Append(text: "x"))
        seen.send(getState().log)
      })
    let thread = Thread { store.dispatch(Rename(name: "slow")) }
    thread.start()
    entered.wait()
    // Another thread is processing: a plain dispatch from the thunk would only queue Append,
    // and getState() right after would miss it.
    go.open()
    _ = await sending.next()
    // Released a little later, so that Append is queued behind the blocked action; the
    // expectation holds in any order.
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { release.signal() }
    #expect(await seen.next() == [["x"]])
  }

  @Test("a ThunkDispatch built on a function sends every action to it")
  func builtOnFunction() async {
    let sent = Recorder<String>()
    let dispatch = ThunkDispatch { sent.append("\(type(of: $0))") }
    dispatch(Increment())
    await dispatch.send(Noop())
    #expect(sent.values == ["Increment", "Noop"])
  }
}
