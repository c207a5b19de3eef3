import ReduxCore
import ReduxSeam

/// Follows a test store's steps as they run, reports their failures, and notices when two steps
/// overlap.
///
/// Steps are meant to run one after another: each one reads and moves the test store's place in
/// the store's log. Two tasks driving one test store at once interleave at every `await`, so
/// their steps would check each other's actions and fail in ways that say nothing about the
/// cause. The first overlap is reported, naming both steps; every failure after it is a
/// consequence, so none is reported, the end-of-test checks included.
///
/// A class with a lock, not main-actor state: the test store's `deinit`, which is not isolated,
/// reports through it too, and a ``TestStoreTask`` shares it.
final class StepTracker: Sendable {
  private struct Book {
    /// The step running now, if any.
    var active: (name: String, location: SourceLocation)?
    /// The step whose assertion closure is running now, if any.
    var asserting: String?
    var isMisused = false
    /// Runtime warnings the store's reducer reported since the last step ended.
    var warnings: [RuntimeWarning] = []
  }

  private let book = Lock(Book())

  /// Whether two steps overlapped: nothing is checked or reported any more.
  var isMisused: Bool { book.withLock { $0.isMisused } }

  /// Starts a step; returns whether it should check anything, which is false once steps have
  /// overlapped (this one or earlier ones). Balance it with ``end()``.
  func begin(_ name: String, at location: SourceLocation) -> Bool {
    let (misuse, isChecking): (String?, Bool) = book.withLock { book in
      defer { book.active = (name, location) }
      if book.isMisused { return (nil, false) }
      if let asserting = book.asserting {
        book.isMisused = true
        return (TestStoreMessages.stepInsideAssertion(name, asserting: asserting), false)
      }
      guard let active = book.active else { return (nil, true) }
      book.isMisused = true
      return (
        TestStoreMessages.overlappingSteps(name, active: active.name, at: active.location), false
      )
    }
    if let misuse { location.report(misuse) }
    return isChecking
  }

  /// Ends the step that began last, and reports the runtime warnings the reducer reported
  /// meanwhile at that step.
  func end() {
    let (warnings, location) = book.withLock { book in
      defer {
        book.active = nil
        book.warnings = []
      }
      return (book.warnings, book.active?.location)
    }
    if let location { reportWarnings(warnings, at: location) }
  }

  /// Keeps a runtime warning of the store's reducer, to fail the step it happened in (called on
  /// the thread that reduced).
  func note(_ warning: RuntimeWarning) {
    book.withLock { $0.warnings.append(warning) }
  }

  /// Reports the runtime warnings not reported yet at `location` (the end of the test).
  func reportWarnings(at location: SourceLocation) {
    let warnings = book.withLock { book in
      defer { book.warnings = [] }
      return book.warnings
    }
    reportWarnings(warnings, at: location)
  }

  private func reportWarnings(_ warnings: [RuntimeWarning], at location: SourceLocation) {
    for warning in warnings { report(TestStoreMessages.runtimeWarning(warning), at: location) }
  }

  /// Runs a step's assertion closure, noting that it runs, so that a step called from inside it
  /// is reported as such.
  func asserting<Result>(
    _ step: String, _ body: () throws -> Result
  ) rethrows -> Result {
    book.withLock { $0.asserting = step }
    defer { book.withLock { $0.asserting = nil } }
    return try body()
  }

  /// Reports a failure at `location`, unless steps have overlapped.
  func report(_ message: String, at location: SourceLocation) {
    guard !isMisused else { return }
    location.report(message)
  }
}
