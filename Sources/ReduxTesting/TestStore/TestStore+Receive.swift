import CustomDump
import ReduxCore
import ReduxSeam

extension TestStore {
  /// Waits for the next action a side effect sent, asserts that it is of type `A`, and asserts
  /// the state it produced.
  ///
  /// ```swift
  /// await store.receive(UserLoaded.self) { $0.user = User(id: 1, name: "Ada") }
  /// ```
  ///
  /// When exhaustive, the next received action must be an `A`. When not exhaustive, the
  /// first `A` is the one, and the actions received before it are skipped; if no `A` comes,
  /// the step fails and skips nothing. The wait ends as soon as a matching action arrives; if
  /// none has arrived and no work is running, it fails at once, and if work is still running
  /// it fails after `timeout` (``timeout`` when nil).
  ///
  /// The closure gets the state before the action (``state`` reads the same state while it
  /// runs); mutate it into the state you expect, as with
  /// ``send(_:assert:fileID:filePath:line:column:)``.
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
      expecting: typeName(A.self), timeout: timeout, assert, at: location
    ) { $0.as(A.self) != nil }
    return received?.as(A.self)
  }

  /// Waits for the next action a side effect sent, asserts that it carries an `A` for the
  /// element with `id` (a row's `ElementAction`, a screen's `StackAction` element, at any depth
  /// of child wrappers), and asserts the state it produced; `A` need not be `Equatable`.
  ///
  /// ```swift
  /// await store.receive(RecordMeeting.TimerTicked.self, at: recordID) { … }
  /// ```
  ///
  /// Exhaustivity and the wait are as in
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)->A?``; a failure names the type
  /// and the id it waited for.
  ///
  /// - Returns: The child's action, or nil when the step failed.
  @discardableResult
  public func receive<A: Action, ID: Hashable & Sendable>(
    _ type: A.Type,
    at id: ID,
    timeout: Duration? = nil,
    assert: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> A? {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let received = await receive(
      expecting: "\(typeName(A.self)) at \(id)", timeout: timeout, assert, at: location
    ) { $0.unwrapped(as: A.self, at: id) != nil }
    return received?.unwrapped(as: A.self, at: id)
  }

  /// Waits for the next action a side effect sent, asserts that it equals `expected`, and
  /// asserts the state it produced; a different action of the same type fails with a diff.
  ///
  /// When not exhaustive, the first received action equal to `expected` is the one, and the
  /// actions received before it are skipped.
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
    // Exhaustive: the next action must be an `A`, and one with another value fails with a diff.
    // Not exhaustive: the first action equal to `expected` is the one.
    let isExhaustive = exhaustivity == .on
    guard
      let received = await receive(
        expecting: isExhaustive ? typeName(A.self) : String(customDumping: expected),
        timeout: timeout, assert, at: location,
        { isExhaustive ? $0.as(A.self) != nil : $0.as(A.self) == expected }),
      let action = received.as(A.self), action != expected
    else { return }
    steps.report(TestStoreMessages.received(action, expected: expected), at: location)
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

  /// Marks every action received so far as checked, without asserting it; the state moves on
  /// to the state after the last of them.
  ///
  /// Use it in a non-exhaustive test, or in an exhaustive one to say that these actions do not
  /// matter here. It does not wait: each action is in the test store's log as soon as the store
  /// has processed it, so it skips exactly the actions processed so far.
  ///
  /// - Parameters:
  ///   - strict: Whether finding no received action to skip fails the test; true unless
  ///     changed.
  ///   - fileID: The file of the step, for failures; leave the default.
  ///   - filePath: The path of that file, for failures; leave the default.
  ///   - line: The line of the step, for failures; leave the default.
  ///   - column: The column of the step, for failures; leave the default.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let isChecking = steps.begin("skipReceivedActions()", at: location)
    defer { steps.end() }
    guard isChecking else { return }
    guard let last = uncheckedPositions.last else {
      if strict { steps.report(TestStoreMessages.noReceivedActionsToSkip, at: location) }
      return
    }
    skip(through: last)
  }

  // MARK: - Receiving

  func receive(
    expecting expected: String, timeout: Duration?,
    _ assert: ((inout State) throws -> Void)?, at location: SourceLocation,
    _ isMatching: (any Action) -> Bool
  ) async -> (any Action)? {
    let name = "receive(\(expected))"
    let isChecking = steps.begin(name, at: location)
    defer { steps.end() }
    guard isChecking else { return nil }
    let limit = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: limit)
    while true {
      let count = log.count
      let unchecked = checked.unchecked(inFirst: count)
      let actions = log.entries(at: unchecked).map(\.action)
      if exhaustivity == .on, let action = actions.first {
        guard isMatching(action) else {
          skip(through: unchecked[0])
          steps.report(TestStoreMessages.received(action, expected: expected), at: location)
          return nil
        }
        consume(unchecked[0], assert, step: name, at: location)
        workExecutor.runUntilIdle()
        return action
      }
      if exhaustivity == .off, let index = actions.firstIndex(where: isMatching) {
        if index > 0 { skip(through: unchecked[index - 1]) }
        consume(unchecked[index], assert, step: name, at: location)
        workExecutor.runUntilIdle()
        return actions[index]
      }
      // No action to take yet (a non-exhaustive receive leaves the others unchecked): wait for
      // the next, until the deadline.
      switch await waitForAction(untilCount: count + 1, until: deadline) {
      case .arrived:
        continue
      case .idle where log.count > count:
        continue
      case .idle:
        steps.report(
          TestStoreMessages.noAction(
            expected: expected, others: actions, waits: store.workLedger.actionWaits()),
          at: location)
        return nil
      case .timedOut:
        steps.report(
          TestStoreMessages.timedOut(
            expected: expected, after: limit, work: store.workLedger.descriptions(), others: actions
          ),
          at: location)
        return nil
      }
    }
  }

  enum WaitOutcome: Sendable {
    case arrived, idle, timedOut
  }

  /// Waits for the log to hold `count` actions, or for the store to have no work (then no more
  /// will come), or for `deadline` to pass.
  func waitForAction(
    untilCount count: Int, until deadline: ContinuousClock.Instant
  ) async -> WaitOutcome {
    let (log, store) = (log, store)
    return await withTaskGroup(of: WaitOutcome.self) { group in
      group.addTask {
        await log.wait(untilCount: count)
        return .arrived
      }
      group.addTask {
        await store.workLedger.wait(for: nil)
        return .idle
      }
      group.addTask {
        try? await Task.sleep(until: deadline, clock: .continuous)
        return .timedOut
      }
      let first = await group.next() ?? .timedOut
      group.cancelAll()
      return first
    }
  }
}

extension TestStore {
  /// Whether the feature under test asked to be dismissed: the store has processed a
  /// `Dismiss` of its own (a child feature tested alone whose command sends `Dismiss()`), as
  /// TCA's `isDismissed`.
  ///
  /// ```swift
  /// await store.send(SaveTapped())
  /// await store.receive(Dismiss.self)   // received like any action
  /// #expect(store.isDismissed)
  /// ```
  ///
  /// A `Dismiss` addressed to a child of the feature (in a `ChildAction` or a `StackAction`)
  /// does not count.
  public var isDismissed: Bool { log.hasDismiss }
}
