import ReduxCore

/// A store for tests that asserts every state change, every action that side effects send, and
/// that their work has ended: exhaustive by default, in the spirit of TCA's `TestStore`.
///
/// ```swift
/// @MainActor
/// @Test("loading posts ends with the client's posts")
/// func loads() async {
///   let store = TestStore(
///     initialState: Feed(), reducer: feedReducer, middleware: [.effects(feedEffects)])
///   await store.send(LoadPosts()) { $0.isLoading = true }
///   await store.receive(PostsLoaded.self) {
///     $0.isLoading = false
///     $0.posts = [Post(id: 1, title: "Hello")]
///   }
///   await store.finish()
/// }
/// ```
///
/// Each step checks one action against the real store:
/// - ``send(_:assert:fileID:filePath:line:column:)`` dispatches an action, waits until it has
///   been reduced, and checks the new state: you mutate the state before the action into the
///   one you expect, and any difference fails the test with a field-level diff.
/// - ``receive(_:timeout:assert:fileID:filePath:line:column:)->A?`` waits for
///   the next action that did not come from the test (a saga's put, a command's or an effect's
///   action, a thunk's dispatch) and checks it and the state after it.
/// - ``assert(_:fileID:filePath:line:column:)`` checks the state without an action.
/// - ``finish(timeout:fileID:filePath:line:column:)`` waits until every piece of work the
///   side-effect modules started has ended.
///
/// Steps run one after another: await each before starting the next. A test store driven from
/// two tasks at once reports that misuse, once, and checks nothing more.
///
/// ## Exhaustive by default
/// With ``exhaustivity`` ``Exhaustivity/on``, the test fails when a state changes in a way the
/// test did not assert, when it sends an action while received actions are still unasserted
/// (they stay, for a later `receive`), and, at ``finish(timeout:fileID:filePath:line:column:)``
/// and again when the test store is released, when received actions are left unasserted or work
/// is still running. The end-of-test check runs in `deinit` and cannot wait: a test that starts
/// async work ends with `await store.finish()`. ``Exhaustivity/off`` asserts only what the test
/// names, for integration tests.
///
/// ## Failures
/// Failures go through IssueReporting's `reportIssue`, so they are recorded in the running
/// Swift Testing test or XCTest case, at the line of the step that failed (the end-of-test
/// checks point at the line that created the test store).
///
/// ## Time
/// Waiting never sleeps: ``receive(_:timeout:assert:fileID:filePath:line:column:)->A?``
/// resumes when the action arrives, or fails at once when no action has arrived and no work is
/// running; the timeout only bounds work that is still running (for instance sleeping on a
/// `TestClock` the test has not advanced). Inject clocks into your services and side effects,
/// and advance them between steps.
///
/// ## Side-effect modules
/// ReduxTesting imports only ReduxCore. It sees the work of ReduxSaga, ReduxCommand and
/// ReduxEffects through ReduxCore's work reporting, so stores those modules build (a command
/// reducer's, an effects store) are tested by wrapping them:
/// ``init(_:fileID:filePath:line:column:)``.
@MainActor
public final class TestStore<State: Sendable & Equatable> {
  /// The store under test. Drive it through the test store's `send`, so every action is
  /// asserted; reading its state or subscribing is fine.
  public let store: Store<State>

  /// The state after the last action the test store checked (sent, received or skipped); when
  /// a `receive` checks an action that a failing `send` passed over, the state after the latest
  /// of them in the order the store processed them.
  ///
  /// Read inside the closure of a `send` or `receive`, it is the state before that action: the
  /// same state the closure starts from.
  public internal(set) var state: State

  /// Whether every state change, received action and running piece of work must be asserted.
  public var exhaustivity: Exhaustivity = .on

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)->A?``,
  /// ``finish(timeout:fileID:filePath:line:column:)`` and a ``TestStoreTask``'s `finish` wait,
  /// in real time, while work is still running; 1 second unless changed. A passing step never
  /// waits for it.
  public var timeout: Duration = .seconds(1)

  /// Every action the store processed since the test store was created.
  let log: ProbeLog<State>
  /// Which of them the test has checked.
  var checked = CheckedActions()
  /// The state when the test store was created: the state before the first action in `log`.
  let initialState: State
  let steps = StepTracker()
  let work: StoreWork
  /// Where the work the store's actions start runs; run after each step (WorkExecutor.swift).
  let workExecutor = WorkExecutor()
  let creation: SourceLocation
  /// What the last ``finish(timeout:fileID:filePath:line:column:)`` found, for the end-of-test
  /// check: nil before the first; the work it reported still running, empty if none.
  var finishReported: [String]?

  /// Creates a store from a reducer and middleware, and starts observing it.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Applies each action to the state.
  ///   - middleware: The store's middleware (sagas, thunks, effects, your own), first to last.
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  public convenience init(
    initialState: State,
    reducer: Reducer<State>,
    middleware: [Middleware<State>] = [],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      Store(initialState: initialState, reducer: reducer, middleware: middleware),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Wraps a store built elsewhere, such as a command reducer's or an effects store:
  ///
  /// ```swift
  /// let store = TestStore(Store(initialState: Search(), commandReducer: searchReducer))
  /// ```
  ///
  /// Wrap the store before anything sends to it: the test store checks actions from then on,
  /// starting from the store's state now. Work started before (an `initialCommand`, a saga
  /// started when the store was created) is not awaited by `finish`, though the actions it
  /// sends are received like any other. A store takes one test store.
  public init(
    _ store: Store<State>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let log = ProbeLog<State>()
    store.installTestProbe({ log.append($0) }, runtimeWarnings: { [steps] in steps.note($0) })
    store.workLedger.runWork(on: workExecutor)
    self.store = store
    self.log = log
    self.initialState = store.state
    self.state = initialState
    self.work = StoreWork(store)
    self.creation = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    // Isolated state is read without the main actor: nothing else can reach a deinitializing
    // object. The log, the store and the step tracker are Sendable.
    steps.reportWarnings(at: creation)
    guard exhaustivity == .on else { return }
    let unchecked = log.entries(at: checked.unchecked(inFirst: log.count))
    if !unchecked.isEmpty {
      steps.report(
        TestStoreMessages.unchecked(unchecked.map(\.action), when: "at the end of the test"),
        at: creation)
    }
    let running = work.list()
    // Work the last `finish()` already reported, unchanged since, is one failure, not two.
    if !running.isEmpty, running != finishReported {
      let hint =
        finishReported == nil
        ? TestStoreMessages.endOfTestHint : TestStoreMessages.afterFinishHint
      steps.report(
        TestStoreMessages.work(running, when: "at the end of the test") + hint, at: creation)
    }
  }
}
