import CustomDump
import ReduxCore

extension TestStore {
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

  // MARK: - Waiting

  func receive(
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

  enum WaitOutcome: Sendable {
    case arrived, idle, timedOut
  }

  /// Waits for an action after the cursor, or for the store to have no work (then none will
  /// come), or for `limit` to pass.
  func waitForNextAction(_ limit: Duration) async -> WaitOutcome {
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
  static func race(
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
}
