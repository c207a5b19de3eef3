import CustomDump
import IssueReporting
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
///   been reduced, and checks the new state: you mutate the previous state into the one you
///   expect, and any difference fails the test with a field-level diff.
/// - ``receive(_:timeout:assert:fileID:filePath:line:column:)->A?`` waits for
///   the next action that did not come from the test (a saga's put, a command's or an effect's
///   action, a thunk's dispatch) and checks it and the state after it.
/// - ``finish(timeout:fileID:filePath:line:column:)`` waits until every piece of work the
///   side-effect modules started has ended.
///
/// ## Exhaustive by default
/// With ``exhaustivity`` ``Exhaustivity/on``, the test fails when a state changes in a way the
/// test did not assert, when it sends an action while received actions are still unasserted,
/// and, at ``finish(timeout:fileID:filePath:line:column:)`` and again when the test store is
/// released, when received actions are left unasserted or work is still running. The
/// end-of-test check runs in `deinit` and cannot wait: a test that starts async work ends with
/// `await store.finish()`. ``Exhaustivity/off`` asserts only what the test names, for
/// integration tests.
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

  /// The state after the last action the test store checked (sent, received or skipped).
  public private(set) var state: State

  /// Whether every state change, received action and running piece of work must be asserted.
  public var exhaustivity: Exhaustivity = .on

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)->A?``
  /// and ``finish(timeout:fileID:filePath:line:column:)`` wait, in real time, while work is
  /// still running; 1 second unless changed. A passing step never waits for it.
  public var timeout: Duration = .seconds(1)

  private let log: ProbeLog<State>
  /// The index in `log` of the first action not yet checked.
  private var cursor = 0
  private let creation: SourceLocation

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
  /// started when the store was created) is not awaited by `finish`, though the actions it sends are
  /// received like any other. A store takes one test store.
  public init(
    _ store: Store<State>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let log = ProbeLog<State>()
    store.installProbe { log.append($0) }
    self.store = store
    self.log = log
    self.state = store.state
    self.creation = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    // Isolated state is read without the main actor: nothing else can reach a deinitializing
    // object. The log and the store are Sendable.
    guard exhaustivity == .on else { return }
    let unchecked = log.entries(from: cursor)
    if !unchecked.isEmpty {
      creation.report(Self.uncheckedMessage(unchecked, when: "at the end of the test"))
    }
    let work = store.workInFlight()
    if !work.isEmpty {
      creation.report(
        Self.workMessage(work, when: "at the end of the test")
          + "\n\nEnd a test that starts async work with `await store.finish()`.")
    }
  }

  /// Sends an action to the store, waits until it has been processed, and asserts the state
  /// it produced.
  ///
  /// ```swift
  /// await store.send(Increment()) { $0.count = 1 }
  /// ```
  ///
  /// The closure gets the state before the action; mutate it into the state you expect. A
  /// difference fails the test with a diff (`-` expected, `+` actual). Without a closure the
  /// action must not change the state (when exhaustive). An action a middleware drops changes
  /// nothing. Actions that side effects sent before this one must have been received first.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - assert: Mutates the previous state into the expected one.
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  /// - Returns: The store's handle on the work the action started; `await task.finish()`
  ///   waits for it alone.
  @discardableResult
  public func send(
    _ action: any Action,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let name = Self.name(of: action)
    skipUnchecked(reporting: "before sending \(name)", at: location)
    let task = await store.send(action)
    let arrived = log.entries(from: cursor)
    guard let sentIndex = arrived.firstIndex(where: \.isSent) else {
      // A middleware dropped the action: it reached no reducer and changed nothing.
      check(before: state, after: state, assert, step: "send(\(name))", at: location)
      return task
    }
    if sentIndex > 0 {
      skip(Array(arrived[..<sentIndex]), reporting: "while sending \(name)", at: location)
    }
    let entry = arrived[sentIndex]
    consume(entry, assert, step: "send(\(name))", at: location)
    return task
  }

  /// Waits for the next action a side effect sent, asserts that it is of type `A`, and asserts
  /// the state it produced.
  ///
  /// ```swift
  /// await store.receive(UserLoaded.self) { $0.user = User(id: 1, name: "Ada") }
  /// ```
  ///
  /// When exhaustive, the next received action must be an `A`; otherwise actions of other
  /// types are skipped until an `A` arrives. The wait ends as soon as an action arrives; if
  /// none has arrived and no work is running, it fails at once, and if work is still running
  /// it fails after `timeout` (``timeout`` when nil).
  ///
  /// - Returns: The received action, or nil when the step failed.
  @discardableResult
  public func receive<A: Action>(
    _ type: A.Type,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> A? {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let received = await receive(
      expecting: String(describing: A.self), timeout: timeout, assert, at: location
    ) { $0.as(A.self) != nil }
    return received?.as(A.self)
  }

  /// Waits for the next action a side effect sent, asserts that it equals `expected`, and
  /// asserts the state it produced; a different action of the same type fails with a diff.
  ///
  /// ```swift
  /// await store.receive(PostsLoaded(posts: [post])) { $0.posts = [post] }
  /// ```
  public func receive<A: Action & Equatable>(
    _ expected: A,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    guard
      let received = await receive(
        expecting: String(describing: A.self), timeout: timeout, assert, at: location,
        { $0.as(A.self) != nil }),
      let action = received.as(A.self), action != expected
    else { return }
    let difference = diff(expected, action).map { "\n\n\($0)" } ?? ""
    location.report(
      "Received \(String(customDumping: action)), expected \(String(customDumping: expected))."
        + " (- expected, + actual)\(difference)")
  }

  /// Waits for the next action a side effect sent that `isMatching` accepts, and asserts the
  /// state it produced.
  ///
  /// ```swift
  /// await store.receive({ ($0 as? Progress)?.percent == 100 }, assert: { $0.progress = 100 })
  /// ```
  ///
  /// - Returns: The received action, or nil when the step failed.
  @discardableResult
  public func receive(
    _ isMatching: (_ action: any Action) -> Bool,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> (any Action)? {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return await receive(
      expecting: "an action matching the predicate", timeout: timeout, assert, at: location,
      isMatching)
  }

  /// Waits until every piece of work the store's side effects started has ended; then, when
  /// exhaustive, fails for each received action the test did not assert.
  ///
  /// If work is still running after `timeout` (``timeout`` when nil) the test fails, listing
  /// it, in either exhaustivity. Call it at the end of every test that starts async work.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let limit = timeout ?? self.timeout
    let store = store
    let isIdle = await Self.race(limit) { await store.waitForWork(origin: nil) }
    if !isIdle {
      location.report(Self.workMessage(store.workInFlight(), when: "after \(limit)"))
    }
    skipUnchecked(reporting: "at finish()", at: location)
  }

  /// Marks every action received so far as checked, without asserting it; the state moves on
  /// to the state after the last of them.
  ///
  /// Use it in a non-exhaustive test, or in an exhaustive one to say that these actions do not
  /// matter here.
  public func skipReceivedActions() {
    for entry in log.entries(from: cursor) {
      cursor += 1
      state = entry.state
    }
  }

  // MARK: - Steps

  private func receive(
    expecting expected: String, timeout: Duration?,
    _ assert: ((inout State) throws -> Void)?, at location: SourceLocation,
    _ isMatching: (any Action) -> Bool
  ) async -> (any Action)? {
    let limit = timeout ?? self.timeout
    while true {
      if let entry = log.entries(from: cursor).first {
        if isMatching(entry.action) {
          consume(entry, assert, step: "receive(\(expected))", at: location)
          return entry.action
        }
        cursor += 1
        state = entry.state
        if exhaustivity == .on {
          location.report(
            "Expected to receive \(expected), but received \(Self.name(of: entry.action)):"
              + "\n\n\(String(customDumping: entry.action))")
          return nil
        }
        continue
      }
      switch await waitForNextAction(limit) {
      case .arrived:
        continue
      case .idle where log.count > cursor:
        continue
      case .idle:
        location.report(
          "Expected to receive \(expected), but no action arrived and no work is running.")
        return nil
      case .timedOut:
        location.report(
          "Expected to receive \(expected) within \(limit), but no action arrived."
            + Self.workList(store.workInFlight()))
        return nil
      }
    }
  }

  private enum WaitOutcome: Sendable {
    case arrived, idle, timedOut
  }

  /// Waits for an action after the cursor, or for the store to have no work (then none will
  /// come), or for `limit` to pass.
  private func waitForNextAction(_ limit: Duration) async -> WaitOutcome {
    let (log, store, count) = (log, store, cursor + 1)
    return await withTaskGroup(of: WaitOutcome.self) { group in
      group.addTask {
        await log.wait(untilCount: count)
        return .arrived
      }
      group.addTask {
        await store.waitForWork(origin: nil)
        return .idle
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return .timedOut
      }
      let first = await group.next() ?? .timedOut
      group.cancelAll()
      return first
    }
  }

  /// Runs `work` against a real-time limit; returns whether it ended first.
  private static func race(
    _ limit: Duration, _ work: @escaping @Sendable () async -> Void
  ) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await work()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  private func consume(
    _ entry: ProcessedAction<State>, _ assert: ((inout State) throws -> Void)?,
    step: String, at location: SourceLocation
  ) {
    cursor += 1
    let before = state
    state = entry.state
    check(before: before, after: entry.state, assert, step: step, at: location)
  }

  /// Moves past the actions received so far, failing for them when exhaustive.
  private func skipUnchecked(reporting when: String, at location: SourceLocation) {
    let unchecked = log.entries(from: cursor)
    guard !unchecked.isEmpty else { return }
    skip(unchecked, reporting: when, at: location)
  }

  private func skip(
    _ entries: [ProcessedAction<State>], reporting when: String, at location: SourceLocation
  ) {
    if exhaustivity == .on { location.report(Self.uncheckedMessage(entries, when: when)) }
    cursor += entries.count
    if let last = entries.last { state = last.state }
  }

  /// Compares the state an action produced with the test's expectation.
  private func check(
    before: State, after actual: State, _ assert: ((inout State) throws -> Void)?,
    step: String, at location: SourceLocation
  ) {
    var expected = before
    if let assert {
      do {
        try assert(&expected)
      } catch {
        location.report("The assertion of \(step) threw: \(error)")
        return
      }
    } else if exhaustivity == .off {
      return
    }
    if expected == actual { return }
    if exhaustivity == .off, let assert {
      // Non-exhaustive: the fields the closure sets must hold those values now, whatever else
      // changed.
      var actualWithAssertion = actual
      if (try? assert(&actualWithAssertion)) != nil, actualWithAssertion == actual { return }
    }
    let heading =
      assert == nil
      ? "State changed after \(step), but the test expected no change."
      : "State after \(step) does not match the expectation."
    let difference = diff(expected, actual).map { "\n\n\($0)" } ?? ""
    location.report("\(heading) (- expected, + actual)\(difference)")
  }

  // MARK: - Messages

  nonisolated private static func name(of action: any Action) -> String {
    String(describing: type(of: action))
  }

  nonisolated private static func uncheckedMessage(
    _ entries: [ProcessedAction<State>], when: String
  ) -> String {
    let count =
      entries.count == 1 ? "1 received action was" : "\(entries.count) received actions were"
    let list = entries.map { "  - " + String(customDumping: $0.action) }.joined(separator: "\n")
    return "\(count) not asserted \(when):\n\n\(list)"
  }

  nonisolated private static func workMessage(_ work: [String], when: String) -> String {
    "Work is still running \(when):" + workList(work)
  }

  nonisolated private static func workList(_ work: [String]) -> String {
    guard !work.isEmpty else { return "" }
    return "\n\n" + work.map { "  - \($0)" }.joined(separator: "\n")
  }
}

/// How strictly a ``TestStore`` checks the store.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running piece of work must be asserted; the
  /// default.
  case on
  /// Only what the test asserts is checked: a `send` or `receive` closure checks the fields it
  /// sets, `receive` skips actions of other types, and unreceived actions are not failures.
  /// Work still running at `finish()` still fails.
  case off
}

/// Where a step was written, for reporting its failure there.
struct SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  func report(_ message: String) {
    reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
