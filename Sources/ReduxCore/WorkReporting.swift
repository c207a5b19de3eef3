// Work reporting: how the side-effect modules tell the store what work an action started and
// when it ends, so that `await store.send(action).finish()` (UIs: `.task`, `.refreshable`) and a
// test store (exhaustive tests) can await it without any module importing a sibling.
//
// An action sent with `send` gets a fresh origin. Everything that descends from it carries that
// origin: work a module begins while the store processes it (`processingOrigin`), actions that
// work dispatches (`dispatch(_:origin:listener:)`), and actions queued while it is being
// processed. Plain `dispatch` is untracked and costs nothing here: `beginWork` returns nil for an
// untracked origin unless a test probe asks the store to track everything.

import Synchronization

/// Which ``Store/send(_:)`` an action, and the work it started, descend from.
@usableFromInline
package struct ActionOrigin: Hashable, Sendable {
  @usableFromInline package let id: UInt64

  @usableFromInline package init(id: UInt64) {
    self.id = id
  }

  /// The origin of a plain `dispatch`: nobody awaits its work.
  @usableFromInline package static let untracked = ActionOrigin(id: 0)

  /// Whether a `send` awaits this origin's work.
  @usableFromInline package var isTracked: Bool { id != 0 }
}

/// One unit of in-flight work a side-effect module started: an async effect or thunk, a
/// command job, a saga resumed by an action until it waits for an action again, a fork.
package final class WorkHandle: Sendable {
  /// The send this work descends from.
  package let origin: ActionOrigin
  /// What the work is, for a test's "work still running" report.
  package let description: String
  private let ledger: WorkLedger
  private let id: UInt64

  init(origin: ActionOrigin, description: String, ledger: WorkLedger, id: UInt64) {
    self.origin = origin
    self.description = description
    self.ledger = ledger
    self.id = id
  }

  /// Records that the work has ended (successfully, with an error, or cancelled). Calling it
  /// again does nothing.
  package func end() {
    ledger.end(id)
  }
}

/// An action as a test probe sees it, right after the reducer ran.
@usableFromInline
package struct ProcessedAction<State: Sendable>: Sendable {
  /// The action as the reducer saw it (after middleware).
  package let action: any Action
  /// The send it descends from.
  package let origin: ActionOrigin
  /// Whether it is the action a `send` enqueued itself, rather than one a side effect sent.
  package let isSent: Bool
  /// The state after the reducer.
  package let state: State

  @usableFromInline
  init(action: any Action, origin: ActionOrigin, isSent: Bool, state: State) {
    self.action = action
    self.origin = origin
    self.isSent = isSent
    self.state = state
  }
}

/// Told when an action dispatched with it has been processed.
///
/// An object the caller already holds for the action (a saga's held put, a `send`'s waiter):
/// a completion closure would be one more allocation per action.
@usableFromInline
package protocol ActionProcessedListener: AnyObject, Sendable {
  /// Called once, on the thread that processed the action, right after it went through the
  /// middleware and the reducer (or was dropped by a middleware), before any action queued
  /// after it; or at once, if the store was released first.
  func actionProcessed()
}

/// Resumes a task once an action has been processed: a `send`, or a module's dispatch that
/// waits for its action.
package final class ResumeWhenProcessed: ActionProcessedListener {
  private let continuation: CheckedContinuation<Void, Never>

  package init(_ continuation: CheckedContinuation<Void, Never>) {
    self.continuation = continuation
  }

  package func actionProcessed() {
    continuation.resume()
  }
}

/// An action on its way through the store's queue with an origin, or with someone to tell
/// once it has been processed (``ActionProcessedListener/actionProcessed()``, called once).
///
/// An object, so that the store's queue items stay as small as a plain action. A module's own
/// object for the action can be one (a saga's held put): the dispatch then allocates nothing
/// more.
@usableFromInline
package protocol TrackedDispatch: ActionProcessedListener {
  /// The action to process.
  var action: any Action { get }
  /// The `send` the action descends from.
  var origin: ActionOrigin { get }
  /// Whether it is the action a `send` enqueued itself.
  var isSent: Bool { get }
  /// The ledger entry that counts the action as pending while it waits in the queue.
  var pending: UInt64? { get }
}

/// A tracked action the store makes itself: for `send`, for a module's dispatch with a
/// listener, and for an action counted as pending.
@usableFromInline
final class TrackedAction: TrackedDispatch {
  @usableFromInline let action: any Action
  @usableFromInline let origin: ActionOrigin
  @usableFromInline let isSent: Bool
  @usableFromInline let listener: (any ActionProcessedListener)?
  @usableFromInline let pending: UInt64?

  @usableFromInline
  init(
    action: any Action, origin: ActionOrigin, isSent: Bool,
    listener: (any ActionProcessedListener)?, pending: UInt64? = nil
  ) {
    self.action = action
    self.origin = origin
    self.isSent = isSent
    self.listener = listener
    self.pending = pending
  }

  @usableFromInline
  func actionProcessed() {
    listener?.actionProcessed()
  }

  /// `tracked`, counted as pending under `entry`.
  @usableFromInline
  static func counting(_ tracked: any TrackedDispatch, as entry: UInt64) -> TrackedAction {
    TrackedAction(
      action: tracked.action, origin: tracked.origin, isSent: tracked.isSent, listener: tracked,
      pending: entry)
  }
}

/// Which tracked action the draining thread is processing now; untracked between actions.
@usableFromInline
struct Processing: Sendable {
  @usableFromInline var origin = ActionOrigin.untracked
  @usableFromInline var isSent = false

  @usableFromInline init() {}

  @usableFromInline init(_ tracked: any TrackedDispatch) {
    origin = tracked.origin
    isSent = tracked.isSent
  }
}

/// The store's count of in-flight work, per origin, and the tasks waiting for it to end.
@usableFromInline
final class WorkLedger: Sendable {
  private struct Books {
    var nextOrigin: UInt64 = 1
    var nextEntry: UInt64 = 0
    var entries: [UInt64: (origin: ActionOrigin, description: String)] = [:]
    var counts: [ActionOrigin: Int] = [:]
    /// Each waits for one origin's work, or for all work (nil), to end.
    var waiters = Waiters<ActionOrigin?>()
  }

  private let books = Lock(Books())
  /// Set once, by a test probe: every action and piece of work is tracked. The one copy of
  /// that flag, an atomic beside the books, so that `beginWork` reads it without the store's
  /// lock: behind that lock, reading it from a module's generic code asked the runtime for the
  /// store's generic metadata (about 370 instructions per saga take).
  @usableFromInline let tracksAllFlag = Atomic<Bool>(false)

  /// Whether a test probe asked for every action and piece of work to be tracked.
  @inlinable
  var tracksAll: Bool { tracksAllFlag.load(ordering: .acquiring) }

  /// Tracks every action and piece of work from now on (a test probe was installed).
  func trackAll() {
    tracksAllFlag.store(true, ordering: .releasing)
  }

  init() {}

  func makeOrigin() -> ActionOrigin {
    books.withLock { books in
      defer { books.nextOrigin += 1 }
      return ActionOrigin(id: books.nextOrigin)
    }
  }

  /// Records work for `origin`; returns its entry id.
  @usableFromInline
  func begin(origin: ActionOrigin, description: String) -> UInt64 {
    books.withLock { books in
      let id = books.nextEntry
      books.nextEntry += 1
      books.entries[id] = (origin, description)
      books.counts[origin, default: 0] += 1
      return id
    }
  }

  /// Ends an entry (once; later calls do nothing) and resumes the waiters it releases.
  @usableFromInline
  func end(_ id: UInt64) {
    let ready: [CheckedContinuation<Void, Never>] = books.withLock { books in
      guard let entry = books.entries.removeValue(forKey: id) else { return [] }
      let left = books.counts[entry.origin, default: 1] - 1
      books.counts[entry.origin] = left == 0 ? nil : left
      guard !books.waiters.isEmpty else { return [] }
      let (counts, isEmpty) = (books.counts, books.entries.isEmpty)
      return books.waiters.takeReady { origin in
        if let origin { return counts[origin] == nil }
        return isEmpty
      }
    }
    for continuation in ready { continuation.resume() }
  }

  private static func isIdle(_ books: Books, for origin: ActionOrigin?) -> Bool {
    if let origin { return books.counts[origin] == nil }
    return books.entries.isEmpty
  }

  func isIdle(for origin: ActionOrigin?) -> Bool {
    books.withLock { Self.isIdle($0, for: origin) }
  }

  func descriptions() -> [String] {
    books.withLock { books in
      books.entries.sorted { $0.key < $1.key }.map(\.value.description)
    }
  }

  /// Waits until no work is in flight for `origin` (every origin when nil); returns early if
  /// the waiting task is cancelled.
  func wait(for origin: ActionOrigin?) async {
    let id = books.withLock { $0.waiters.reserveID() }
    await waitCancellably(
      register: { continuation in
        books.withLock { books in
          if Self.isIdle(books, for: origin) { return true }
          books.waiters.add(id, waitingFor: origin, continuation)
          return false
        }
      },
      cancel: { [self] in books.withLock { $0.waiters.take(id) } })
  }
}

extension MiddlewareContext {
  /// The origin of the action this store is processing now.
  ///
  /// Read it synchronously inside a middleware body, where it names the action being processed;
  /// between actions it is ``ActionOrigin/untracked``.
  @inlinable
  package var processingOrigin: ActionOrigin { box.processingOrigin }

  /// Records work started for `origin`, so that a `send` of that origin (or a test probe) can
  /// await it; returns nil, and records nothing, when nobody tracks that origin.
  ///
  /// Call it while the action that starts the work is processed, so the work is registered
  /// before the `send` that caused it resumes; end the handle exactly once.
  package func beginWork(origin: ActionOrigin, _ description: @autoclosure () -> String)
    -> WorkHandle?
  {
    guard origin.isTracked || box.ledger.tracksAll else { return nil }
    let description = description()
    let id = box.ledger.begin(origin: origin, description: description)
    return WorkHandle(origin: origin, description: description, ledger: box.ledger, id: id)
  }

  /// Dispatches an action through the whole chain on behalf of `origin`, and tells `listener`
  /// once the chain has returned for it.
  ///
  /// The listener is told on the thread that processed the action, right after the action
  /// went through the middleware and the reducer (or was dropped by a middleware), before any
  /// action queued after it; at once if the store was released. A tracked action counts as
  /// in-flight work of its origin until it has been processed.
  ///
  /// Inlinable, like `Store.dispatch`: called from code specialized for State (a module's
  /// `@inlinable` middleware), the whole tracked path is specialized too; unspecialized, each
  /// call asked the runtime for generic metadata about ten times.
  @inlinable
  package func dispatch(
    _ action: any Action, origin: ActionOrigin, listener: (any ActionProcessedListener)? = nil
  ) {
    guard let store = liveStore else {
      listener?.actionProcessed()
      return
    }
    store.dispatch(
      TrackedAction(action: action, origin: origin, isSent: false, listener: listener))
  }

  /// The store, unless it has been released.
  /// Dispatches an action that is its own ``TrackedDispatch`` (it carries its origin, and is
  /// told once it has been processed), as ``dispatch(_:origin:listener:)`` does.
  @inlinable
  package func dispatch(_ tracked: any TrackedDispatch) {
    guard let store = liveStore else {
      tracked.actionProcessed()
      return
    }
    store.dispatch(tracked)
  }

  @usableFromInline
  var liveStore: Store<State>? { store.value }
}

extension Store {
  /// Installs the test probe: called by the processing thread after each action's reducer ran,
  /// outside the lock. It also makes the store track all work, untracked origins included, so
  /// that ``waitForWork(origin:)`` with nil covers everything. One probe per store.
  package func installProbe(_ probe: @escaping @Sendable (ProcessedAction<State>) -> Void) {
    box.installProbe(probe)
  }

  /// Waits until no tracked work, and no tracked queued action, is in flight for `origin`, or
  /// for any origin when nil; returns early if the waiting task is cancelled.
  package func waitForWork(origin: ActionOrigin?) async {
    await box.ledger.wait(for: origin)
  }

  /// What is in flight now, oldest first, as the modules described it.
  package func workInFlight() -> [String] {
    box.ledger.descriptions()
  }

  @inlinable
  func dispatch(_ tracked: any TrackedDispatch) {
    box.dispatch(tracked, through: chain)
  }
}
