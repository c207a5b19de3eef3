import ReduxCore
import Testing

/// A reducer that reports a warning for `Noop` and changes nothing.
private let warningReducer = counterReducer.combined(
  with: .on(Noop.self) { _, action in
    RuntimeWarning.report("Noop cannot be applied: the row is gone.", action: action)
  })

@Suite("Runtime warnings")
struct RuntimeWarningTests {
  @Test("a warning a reducer reports reaches the store's handler, with the action and its place")
  func reachesTheHandler() throws {
    let warnings = Recorder<RuntimeWarning>()
    let store = Store(
      initialState: Counter(), reducer: warningReducer, onRuntimeWarning: { warnings.append($0) })
    store.dispatch(Increment())
    store.dispatch(Noop())
    #expect(store.state.count == 1)
    let warning = try #require(warnings.values.first)
    #expect(warnings.values.count == 1)
    #expect(warning.message == "Noop cannot be applied: the row is gone.")
    #expect(warning.action is Noop)
    #expect(warning.fileID == "ReduxCoreTests/RuntimeWarningTests.swift")
    #expect(warning.description.hasSuffix("(ReduxCoreTests/RuntimeWarningTests.swift:7)"))
  }

  @Test("a handler installed later, and a replaced reducer, still receive the warnings")
  func laterHandlerAndReplacedReducer() {
    let warnings = Recorder<String>()
    let store = Store(initialState: Counter(), reducer: .empty)
    store.installTestProbe({ _ in }, runtimeWarnings: { warnings.append($0.message) })
    store.replaceReducer(warningReducer)
    store.dispatch(Noop())
    store.dispatch(Noop())
    #expect(warnings.values.count == 2)
  }

  @Test("warnings of one store do not reach another store's handler")
  func perStore() {
    let first = Recorder<String>()
    let second = Recorder<String>()
    let noisy = Store(
      initialState: Counter(), reducer: warningReducer,
      onRuntimeWarning: { first.append($0.message) })
    let quiet = Store(
      initialState: Counter(), reducer: counterReducer,
      onRuntimeWarning: { second.append($0.message) })
    // The quiet store's subscriber dispatches to the noisy one while the quiet store drains.
    let token = quiet.subscribe { _ in noisy.dispatch(Noop()) }
    quiet.dispatch(Increment())
    #expect(first.values.count == 2)
    #expect(second.values.isEmpty)
    token.cancel()
  }
}

/// Two features named as TCA names them: each has a `State` and an `Action` of its own.
enum SyncUpDetail {
  struct State: Sendable, Equatable { var title = "" }
  enum Action: ReduxCore.Action { case editButtonTapped }
}
enum SyncUpsList {
  struct State: Sendable, Equatable { var detail: SyncUpDetail.State? }
}

@Suite("Runtime warnings name owners")
struct QualifiedWarningTests {
  @Test("a warning names nested types with their owners: the key path, the action, the wrapper")
  func qualifiedNames() throws {
    let warnings = Recorder<String>()
    let detail = Reducer<SyncUpDetail.State>.on(SyncUpDetail.Action.self) { _, _ in }
    let store = Store(
      initialState: SyncUpsList.State(),
      reducer: Reducer<SyncUpsList.State>.empty.ifLet(
        \.detail, then: detail),
      onRuntimeWarning: { warnings.append($0.message) })
    store.dispatch(ChildAction<SyncUpDetail.State>(SyncUpDetail.Action.editButtonTapped))
    let message = try #require(warnings.values.first)
    #expect(
      message.hasPrefix(
        "ifLet at \\SyncUpsList.State.detail got SyncUpDetail.Action.editButtonTapped (in "
          + "ChildAction<SyncUpDetail.State>) while the child is nil"))
  }
}
